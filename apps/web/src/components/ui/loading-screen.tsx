import { Box, CircularProgress, Typography } from '@mui/material';

/** A centred spinner with a readable label (also the accessible name of the progress bar). */
export function LoadingScreen({ label = 'Loading…', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <Box
      role="status"
      sx={{
        minHeight: fullPage ? '100vh' : 240,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
      }}
    >
      <CircularProgress aria-label={label} />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
