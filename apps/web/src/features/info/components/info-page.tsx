import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';

/** A readable column for the portal's information pages. */
export function InfoPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ maxWidth: 880 }}>
      <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {intro ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      ) : null}
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, md: 4 }, '& h2': { mt: 3, mb: 1 }, '& h2:first-of-type': { mt: 0 }, '& li': { mb: 0.5 } }}
      >
        {children}
      </Paper>
    </Box>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** One point of a list on an information page. */
export function Point({ children }: { children: ReactNode }) {
  return (
    <li>
      <Typography component="span">{children}</Typography>
    </li>
  );
}
