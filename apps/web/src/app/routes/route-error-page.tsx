import { Alert, Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router';

/** Shown when a page throws while rendering, instead of a blank screen. */
export function RouteErrorPage({ error }: { error: unknown }) {
  console.error(error);
  const message = error instanceof Error ? error.message : 'Something went wrong';
  return (
    <Box sx={{ p: 8, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h3" component="h1" sx={{ mb: 4 }}>
        Something went wrong
      </Typography>
      <Alert severity="error" sx={{ mb: 6 }}>
        {message}
      </Alert>
      <Button variant="contained" component={Link} to="/">
        Back to home
      </Button>
    </Box>
  );
}
