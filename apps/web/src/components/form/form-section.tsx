import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** One titled, outlined section of a form, with an optional action beside its title. */
export function FormSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2.5, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}
