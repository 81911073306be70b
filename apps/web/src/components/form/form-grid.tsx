import type { ReactNode } from 'react';
import { Grid } from '@mui/material';

/**
 * The editors' layout: fields in a grid with the editors' spacing; on a phone every field takes
 * the whole row, from 600 px up a field takes the share of the row its `span` says.
 */
export function FormGrid({ children }: { children: ReactNode }) {
  return (
    <Grid container columnSpacing={2} rowSpacing={3}>
      {children}
    </Grid>
  );
}

/** A field's share of a row from 600 px up: half, a third, two thirds or all of it. */
export type FormSpan = 'half' | 'third' | 'two-thirds' | 'full';

const COLUMNS: Record<FormSpan, number> = { half: 6, third: 4, 'two-thirds': 8, full: 12 };

/** One field (or group of fields) in a FormGrid. */
export function FormCell({ span = 'half', children }: { span?: FormSpan; children: ReactNode }) {
  const sm = COLUMNS[span];
  return <Grid size={sm === 12 ? 12 : { xs: 12, sm }}>{children}</Grid>;
}
