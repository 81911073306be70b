import { useMemo, useState } from 'react';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, type Breakpoint } from '@mui/material';
import type { GraphRow, GraphValueField } from '@portal/contracts';
import { visuallyHiddenSx } from '../../../components/ui/visually-hidden';
import { formatTimestamp } from '../../../lib/time';
import { formatValue } from '../lib/graph-format';

/** 120 rows a page, with 5, 10, 30, 60, 120 and 300 on offer. */
export const TABLE_PAGE_SIZE = 120;
export const TABLE_PAGE_SIZES = [5, 10, 30, 60, 120, 300];

const QUALIFIERS_HELP = "The source's marks: P provisional, A approved, e estimated, Ice ice-affected; CDSS flags";

interface GraphTableProps {
  rows: readonly GraphRow[];
  valueField: GraphValueField;
  valueLabel: string;
  /** CSS height: pixels, or an expression that fits the window, per breakpoint when it differs. */
  height: number | string | Partial<Record<Breakpoint, number | string>>;
}

/**
 * Every row of the answer, newest first, one page at a time (only the visible page is formatted).
 * Location id, name and units are the same on every row and sit in the panel title and the value
 * column's header; the CSV carries them. A row's qualifiers follow its value.
 */
export function GraphTable({ rows, valueField, valueLabel, height }: GraphTableProps) {
  const [pageSize, setPageSize] = useState(TABLE_PAGE_SIZE);
  const [paging, setPaging] = useState({ rows, page: 0 });
  // New rows (another range or interval) start again on the first page.
  const page = paging.rows === rows ? paging.page : 0;
  const visible = useMemo(() => {
    const out: GraphRow[] = [];
    const from = rows.length - 1 - page * pageSize;
    for (let i = from; i > from - pageSize && i >= 0; i--) out.push(rows[i]);
    return out;
  }, [rows, page, pageSize]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height, minWidth: 0 }}>
      {/* The table scrolls inside the panel: focusable, so keyboard users can scroll it too. */}
      <TableContainer tabIndex={0} role="region" aria-label="Time series data table" sx={{ flex: 1, minHeight: 0 }}>
        {/* On a phone the timestamp wraps (date over time) so the Source column still fits beside it. */}
        <Table
          size="small"
          stickyHeader
          aria-label="Time series data"
          sx={{
            '& td, & th': { whiteSpace: 'nowrap', fontSize: 12, px: 1 },
            '& td:first-of-type': { whiteSpace: { xs: 'normal', sm: 'nowrap' } },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell>Timestamp</TableCell>
              <TableCell align="right">{valueLabel}</TableCell>
              <TableCell>Source</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((row) => (
              <TableRow key={row.collect_timestamp} hover>
                <TableCell>{formatTimestamp(row.collect_timestamp)}</TableCell>
                <TableCell align="right">
                  {formatValue(row[valueField])}
                  {row.qualifiers ? (
                    // Beside the value, as USGS tables print them: a column of its own does not fit
                    // beside the chart at 1280-1440 px.
                    <Box
                      component="sup"
                      title={QUALIFIERS_HELP}
                      aria-label={`qualifiers ${row.qualifiers}`}
                      sx={{ ml: 0.5, color: 'text.secondary', fontSize: 10 }}
                    >
                      {row.qualifiers}
                    </Box>
                  ) : null}
                </TableCell>
                <TableCell
                  title={row.source ?? undefined}
                  sx={{ maxWidth: { xs: 80, sm: 120 }, overflow: 'hidden', textOverflow: 'ellipsis' }}
                >
                  {row.source ?? 'N/A'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={TABLE_PAGE_SIZES}
        // Short to the eye, so the pager keeps to one line in the table's column beside the chart;
        // screen readers still hear "Rows per page".
        labelRowsPerPage={
          <>
            Rows
            <Box component="span" sx={visuallyHiddenSx}>
              {' per page'}
            </Box>
            :
          </>
        }
        // The table column is narrow beside the chart: tighter gaps, and the toolbar wraps (arrows
        // on a second line) rather than running past the panel's edge where they would be cut off.
        sx={{
          flexShrink: 0,
          overflow: 'visible',
          '& .MuiTablePagination-toolbar': { pl: 1, pr: 0, flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0, minHeight: 40 },
          '& .MuiTablePagination-spacer': { display: 'none' },
          '& .MuiTablePagination-selectLabel, & .MuiTablePagination-displayedRows': { my: 0.5 },
          '& .MuiTablePagination-input': { mr: 1 },
          '& .MuiTablePagination-actions': { ml: 0.5 },
        }}
        onPageChange={(_e, next) => setPaging({ rows, page: next })}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPaging({ rows, page: 0 });
        }}
      />
    </Box>
  );
}
