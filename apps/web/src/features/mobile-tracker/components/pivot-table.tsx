import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { facilityPagePath, ROUTES } from '@portal/contracts';
import { useCanOpenPage } from '../../../lib/page-access';
import type { Pivot } from '../lib/pivot';

const stickyFirst = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

/** An overview pivot from tablet width up: facilities down, measures across; the first column stays put while scrolling sideways. */
export function PivotTable({ pivot, label }: { pivot: Pivot; label: string }) {
  // Row names open the facility page for those the page table lets open it; an All Data User
  // may not, so a link would only lead to the Unauthorized screen.
  const linked = useCanOpenPage()(ROUTES.FACILITY_DETAILS);
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
                {linked ? (
                  <Link href={facilityPagePath(row.facilityNdx)} target="_blank" rel="noopener noreferrer" data-testid="pivot-row-name">
                    {row.name}
                  </Link>
                ) : (
                  <span data-testid="pivot-row-name">{row.name}</span>
                )}
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
