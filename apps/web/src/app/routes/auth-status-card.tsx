import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { LogoMark } from '../../components/ui/logo';

/** The small centred card the sign-in, callback and sign-out pages show while they work or fail. */
export function AuthStatusCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 4, bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ p: 8, width: '100%', maxWidth: 440, textAlign: 'center' }}>
        <LogoMark size={48} />
        <Typography variant="h3" component="h1" sx={{ mt: 3, mb: 4 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
