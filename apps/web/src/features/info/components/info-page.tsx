import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { PageHeader } from '../../../components/ui/page-header';

/** A readable column for the portal's information pages. */
export function InfoPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader title={title} description={intro} spacing={intro ? 3 : 1} />
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
