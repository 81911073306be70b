import { useMemo } from 'react';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { MaterialReactTable, useMaterialReactTable, type MRT_ColumnDef } from 'material-react-table';
import { durationToMinutes, importSourceKind, type ImportSource } from '@portal/contracts';
import { formatTimestamp } from '../../../lib/time';
import { RunStatusChip } from './run-status-chip';

/** Imports table page size 10, options 10, 30, 50, 100, 200. */
const PAGE_SIZES = [10, 30, 50, 100, 200];

/** Where a source reads from: its file for file sources, else the remote site id. */
function originOf(s: ImportSource): string {
  if (importSourceKind(s.datasrc_kind)?.readsFiles || s.file_name) return [s.file_path, s.file_name].filter(Boolean).join('/') || '—';
  return s.source_site_id ?? '—';
}

function nextRetrieval(s: ImportSource): string {
  if (!s.enabled) return 'not scheduled (disabled)';
  if (s.run_now) return 'now (requested)';
  return s.next_retrieval ? formatTimestamp(s.next_retrieval) : 'at the next check';
}

function LastRun({ source }: { source: ImportSource }) {
  const run = source.last_run;
  if (!run)
    return (
      <Typography variant="body2" color="text.secondary">
        Never run
      </Typography>
    );
  // Two short lines, so the column stays narrow enough for a 1366 px screen.
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <RunStatusChip status={run.status} />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.3 }}>
        {`${run.rows_read} read · ${run.rows_inserted} new`}
        <br />
        {`${run.rows_updated} updated · ${run.rows_skipped} skipped`}
      </Typography>
      {run.message ? (
        <Typography
          variant="caption"
          title={run.message}
          data-testid="last-run-message"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            lineHeight: 1.3,
            maxWidth: 190,
            whiteSpace: 'normal',
            overflowWrap: 'anywhere',
          }}
        >
          {run.message}
        </Typography>
      ) : null}
    </Stack>
  );
}

interface Props {
  sources: ImportSource[];
  loading: boolean;
  error: string | null;
  onEdit: (source: ImportSource) => void;
}

/** The import sources (already filtered by the enabled-only toggle), with paging, sorting and search; a row opens its editor. */
export function ImportSourcesTable({ sources, loading, error, onEdit }: Props) {
  const columns = useMemo<MRT_ColumnDef<ImportSource>[]>(
    () => [
      { accessorKey: 'import_ndx', header: 'ID', size: 60 },
      {
        accessorKey: 'enabled',
        header: 'Enabled',
        size: 90,
        Cell: ({ row }) => (
          <Chip
            size="small"
            label={row.original.enabled ? 'Yes' : 'No'}
            color={row.original.enabled ? 'success' : 'default'}
            variant="outlined"
          />
        ),
      },
      {
        id: 'series',
        header: 'Location / Parameter',
        accessorFn: (s) => `${s.location_name} · ${s.parameter_name}`,
        Cell: ({ row }) => (
          <Box>
            <Typography variant="body2">{row.original.location_name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {row.original.parameter_name}
            </Typography>
          </Box>
        ),
        size: 200,
      },
      {
        id: 'source',
        header: 'Data Source / File or Site',
        accessorFn: (s) => `${s.data_source} ${originOf(s)}`,
        Cell: ({ row }) => (
          <Box>
            <Typography variant="body2">{row.original.data_source}</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {originOf(row.original)}
            </Typography>
          </Box>
        ),
        size: 190,
      },
      { id: 'frequency', header: 'Every (min)', accessorFn: (s) => durationToMinutes(s.frequency), size: 80 },
      {
        id: 'retrieval',
        header: 'Last / Next Retrieval',
        accessorFn: (s) => s.last_retrieval ?? '',
        Cell: ({ row }) => (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            <Typography variant="body2">{row.original.last_retrieval ? formatTimestamp(row.original.last_retrieval) : 'Never'}</Typography>
            <Typography variant="caption" color="text.secondary">
              Next: {nextRetrieval(row.original)}
            </Typography>
          </Box>
        ),
        size: 170,
      },
      {
        id: 'last_run',
        header: 'Last Run',
        accessorFn: (s) => s.last_run?.status ?? '',
        Cell: ({ row }) => <LastRun source={row.original} />,
        size: 200,
      },
    ],
    [],
  );

  const table = useMaterialReactTable({
    columns,
    data: sources,
    getRowId: (s) => String(s.import_ndx),
    state: { isLoading: loading, showAlertBanner: Boolean(error) },
    initialState: {
      pagination: { pageIndex: 0, pageSize: 10 },
      sorting: [{ id: 'import_ndx', desc: false }],
      density: 'compact',
      showGlobalFilter: true,
    },
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    muiPaginationProps: { rowsPerPageOptions: PAGE_SIZES },
    muiSearchTextFieldProps: { placeholder: 'Search Imports' },
    muiToolbarAlertBannerProps: error ? { color: 'error', children: `An error has occurred: ${error}` } : undefined,
    muiTableBodyRowProps: ({ row }) => ({
      onClick: () => onEdit(row.original),
      onKeyDown: (e) => {
        if (e.key === 'Enter' || e.key === ' ') onEdit(row.original);
      },
      tabIndex: 0,
      'aria-label': `Edit import ${row.original.import_ndx}`,
      sx: { cursor: 'pointer' },
      'data-testid': 'import-source-row',
    }),
    localization: { noRecordsToDisplay: 'No data available' },
  });

  return <MaterialReactTable table={table} />;
}
