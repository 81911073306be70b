import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';

export interface SimpleColumn<T> {
  header: string;
  align?: 'left' | 'right';
  /** Long text (formulas, notes) wraps; everything else stays on one line. */
  wrap?: boolean;
  render: (row: T) => ReactNode;
}

/** A plain small table for the tracker's lists (few rows, read on a phone). */
export function SimpleTable<T>({
  rows,
  columns,
  rowKey,
  label,
  testId,
}: {
  rows: readonly T[];
  columns: SimpleColumn<T>[];
  rowKey: (row: T) => string | number;
  label: string;
  testId: string;
}) {
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.header} align={c.align} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} data-testid={testId}>
              {columns.map((c) => (
                <TableCell key={c.header} align={c.align} sx={c.wrap ? { minWidth: 180 } : { whiteSpace: 'nowrap' }}>
                  {c.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
