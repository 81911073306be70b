import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { Pivot } from '../lib/pivot';

const stickyFirst = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

/** An overview pivot: facilities down, measures across; the first column stays put while scrolling sideways on a phone. */
export function PivotTable({ pivot, label }: { pivot: Pivot; label: string }) {
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...stickyFirst, zIndex: 2, fontWeight: 600 }}>Facility</TableCell>
            {pivot.columns.map((c) => (
              <TableCell key={c} align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {pivot.rows.map((row) => (
            <TableRow key={row.facilityNdx} data-testid="pivot-row">
              <TableCell component="th" scope="row" sx={{ ...stickyFirst, minWidth: 120 }}>
                <Link href={`/facility-pages/${row.facilityNdx}`} target="_blank" rel="noopener noreferrer" data-testid="pivot-row-link">
                  {row.name}
                </Link>
              </TableCell>
              {row.cells.map((cell, i) => (
                <TableCell
                  key={pivot.columns[i]}
                  align="right"
                  data-testid="pivot-cell"
                  data-column={pivot.columns[i]}
                  data-highlight={cell.highlight ?? ''}
                  sx={{ whiteSpace: 'nowrap', ...(cell.highlight ? { bgcolor: cell.highlight, color: 'rgba(0, 0, 0, 0.87)' } : {}) }}
                >
                  {cell.text}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
