import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import { ReportCard, ReportCardList } from './report-card';

export interface SimpleColumn<T> {
  header: string;
  align?: 'left' | 'right';
  /** Long text (formulas, notes) wraps; everything else stays on one line. */
  wrap?: boolean;
  render: (row: T) => ReactNode;
}

interface SimpleTableProps<T> {
  rows: readonly T[];
  columns: SimpleColumn<T>[];
  rowKey: (row: T) => string | number;
  label: string;
  testId: string;
}

/**
 * A plain small table for the tracker's lists (few rows); on a phone each row is a card headed by
 * its first column, with a 'header: value' line for each other column.
 */
export function SimpleTable<T>(props: SimpleTableProps<T>) {
  return usePhoneLayout() ? <SimpleCards {...props} /> : <WideTable {...props} />;
}

function SimpleCards<T>({ rows, columns, rowKey, label, testId }: SimpleTableProps<T>) {
  const [first, ...rest] = columns;
  return (
    <ReportCardList label={label}>
      {rows.map((row) => (
        <ReportCard
          key={rowKey(row)}
          testId={testId}
          title={<span data-column={first!.header}>{first!.render(row)}</span>}
          lines={rest.map((c) => ({ label: c.header, value: c.render(row), block: c.wrap, valueProps: { 'data-column': c.header } }))}
        />
      ))}
    </ReportCardList>
  );
}

function WideTable<T>({ rows, columns, rowKey, label, testId }: SimpleTableProps<T>) {
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
                <TableCell key={c.header} align={c.align} data-column={c.header} sx={c.wrap ? { minWidth: 180 } : { whiteSpace: 'nowrap' }}>
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
