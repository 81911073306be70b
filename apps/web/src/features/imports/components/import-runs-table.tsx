import { Fragment } from 'react';
import { Box, Chip, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { ImportRun } from '@portal/contracts';
import { formatTimestamp } from '../../../lib/time';
import { RunStatusChip } from './run-status-chip';

const COUNTS = [
  ['rows_read', 'Read'],
  ['rows_inserted', 'Inserted'],
  ['rows_updated', 'Updated'],
  ['rows_unchanged', 'Unchanged'],
  ['rows_skipped', 'Skipped'],
  ['rows_ignored', 'Ignored'],
] as const;

function duration(run: ImportRun): string {
  if (!run.finished_at) return '…';
  const ms = new Date(run.finished_at).getTime() - new Date(run.started_at).getTime();
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The last runs of one source with their counts; bad rows are listed under their run with line numbers. */
export function ImportRunsTable({ runs, loading }: { runs: ImportRun[] | undefined; loading: boolean }) {
  if (loading) return <Skeleton variant="rounded" height={120} />;
  if (!runs?.length) return <Typography color="text.secondary">No Data Available: this source has not run yet.</Typography>;
  return (
    <TableContainer sx={{ maxHeight: 360 }}>
      <Table size="small" stickyHeader aria-label="Last import runs">
        <TableHead>
          <TableRow>
            <TableCell>Started</TableCell>
            <TableCell>Took</TableCell>
            <TableCell>Status</TableCell>
            {COUNTS.map(([key, label]) => (
              <TableCell key={key} align="right">
                {label}
              </TableCell>
            ))}
            <TableCell>Message</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {runs.map((run) => (
            <Fragment key={run.import_run_ndx}>
              <TableRow data-testid="import-run-row" sx={run.first_errors.length ? { '& > td': { borderBottom: 0 } } : undefined}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(run.started_at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{duration(run)}</TableCell>
                <TableCell>
                  <RunStatusChip status={run.status} />
                </TableCell>
                {COUNTS.map(([key, label]) => (
                  <TableCell key={key} align="right" data-testid={`run-${label.toLowerCase()}`}>
                    {run[key].toLocaleString()}
                  </TableCell>
                ))}
                <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>{run.message ?? ''}</TableCell>
              </TableRow>
              {run.first_errors.length ? (
                <TableRow>
                  <TableCell colSpan={4 + COUNTS.length} sx={{ pt: 0 }}>
                    <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="First errors">
                      {run.first_errors.map((e, i) => (
                        <Typography component="li" variant="body2" color="error" key={i}>
                          {e.line !== null ? <Chip size="small" variant="outlined" label={`Line ${e.line}`} sx={{ mr: 1 }} /> : null}
                          {e.message}
                        </Typography>
                      ))}
                    </Box>
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
