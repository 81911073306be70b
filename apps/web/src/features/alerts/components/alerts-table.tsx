import { useMemo } from 'react';
import { Box, IconButton, Switch, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { MaterialReactTable, useMaterialReactTable, type MRT_ColumnDef } from 'material-react-table';
import { useSnackbar } from '../../../lib/toasts';
import { ALERT_MESSAGES, ADMIN_TABLE_PAGE_SIZES, type AlertRequest } from '@portal/contracts';
import { formatTimestamp } from '../../../lib/time';
import { usePatchAlertEnabled } from '../api/alerts-management-table';

/** The inline 'enabled' edit (PATCH); the click does not open the editor. */
function EnabledSwitch({ alert }: { alert: AlertRequest }) {
  const patch = usePatchAlertEnabled();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Switch
      size="small"
      checked={patch.isPending ? !alert.enabled : alert.enabled}
      disabled={patch.isPending}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) =>
        patch.mutate(
          { alertRequestNdx: alert.alert_request_ndx, enabled: e.target.checked },
          {
            onSuccess: () => enqueueSnackbar(ALERT_MESSAGES.updated, { variant: 'success' }),
            onError: (error) => enqueueSnackbar(error.message || ALERT_MESSAGES.failed, { variant: 'error' }),
          },
        )
      }
      slotProps={{ input: { 'aria-label': `Alert ${alert.alert_request_ndx} enabled` } }}
    />
  );
}

const valueText = (a: AlertRequest) => (a.most_recent_value === null ? 'N/A' : `${a.most_recent_value}${a.units ? ` ${a.units}` : ''}`);

/** Alerts with inline enabled, paging 10/30/50/100/200; a row opens its edit form. */
export function AlertsTable({
  alerts,
  loading,
  error,
  onEdit,
  onDelete,
}: {
  alerts: AlertRequest[];
  loading: boolean;
  error: string | null;
  onEdit: (a: AlertRequest) => void;
  onDelete: (a: AlertRequest) => void;
}) {
  const columns = useMemo<MRT_ColumnDef<AlertRequest>[]>(
    () => [
      {
        accessorKey: 'enabled',
        header: 'Enabled',
        size: 80,
        enableSorting: false,
        Cell: ({ row }) => <EnabledSwitch alert={row.original} />,
      },
      { accessorKey: 'alert_type', header: 'Alert Type', size: 105 },
      {
        id: 'series',
        header: 'Location / Parameter',
        accessorFn: (a) => `${a.custom_loc_name ?? a.location} ${a.parameter}`,
        Cell: ({ row }) => (
          <Box>
            <Typography variant="body2">{row.original.custom_loc_name ?? row.original.location}</Typography>
            <Typography variant="caption" color="text.secondary">
              {row.original.parameter}
            </Typography>
          </Box>
        ),
        size: 175,
      },
      {
        id: 'trigger',
        header: 'Trigger / Reset (h)',
        accessorFn: (a) => a.trigger_value,
        Cell: ({ row }) => `${row.original.trigger_value} / ${row.original.reset_hours}`,
        size: 105,
      },
      {
        id: 'send_to',
        header: 'Send Alerts To',
        accessorFn: (a) => `${a.send_to ?? ''} ${a.send_to_details ?? ''}`,
        Cell: ({ row }) => (
          <Box>
            <Typography variant="body2">{row.original.send_to ?? 'Nobody'}</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {row.original.send_to_details}
            </Typography>
          </Box>
        ),
        size: 185,
      },
      {
        id: 'recent',
        header: 'Most Recent Value',
        accessorFn: (a) => a.most_recent_timestamp ?? '',
        Cell: ({ row }) => (
          <Box>
            <Typography variant="body2">{valueText(row.original)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {formatTimestamp(row.original.most_recent_timestamp)}
            </Typography>
          </Box>
        ),
        size: 140,
      },
      {
        id: 'last_alert_sent',
        header: 'Last Alert Sent',
        accessorFn: (a) => a.last_alert_sent ?? '',
        Cell: ({ row }) => (
          <Box data-testid="last-alert-sent">
            <Typography variant="body2">
              {row.original.last_alert_sent ? formatTimestamp(row.original.last_alert_sent) : 'Never'}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {row.original.last_alert_sent_to_details}
            </Typography>
          </Box>
        ),
        size: 160,
      },
    ],
    [],
  );
  const table = useMaterialReactTable({
    columns,
    data: alerts,
    getRowId: (a) => String(a.alert_request_ndx),
    state: { isLoading: loading, showAlertBanner: Boolean(error) },
    initialState: { pagination: { pageIndex: 0, pageSize: 10 }, density: 'compact', showGlobalFilter: true },
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    layoutMode: 'grid',
    muiPaginationProps: { rowsPerPageOptions: [...ADMIN_TABLE_PAGE_SIZES] },
    muiSearchTextFieldProps: { placeholder: 'Search Alerts' },
    muiTableBodyCellProps: { sx: { whiteSpace: 'normal', overflowWrap: 'break-word' } },
    muiTableHeadCellProps: { sx: { '& .Mui-TableHeadCell-Content-Wrapper': { whiteSpace: 'normal', overflow: 'visible' } } },
    muiToolbarAlertBannerProps: error ? { color: 'error', children: `An error has occurred: ${error}` } : undefined,
    muiTableBodyRowProps: ({ row }) => ({
      onClick: () => onEdit(row.original),
      onKeyDown: (e) => {
        if (e.key === 'Enter') onEdit(row.original);
      },
      tabIndex: 0,
      'aria-label': `Edit alert ${row.original.alert_request_ndx}`,
      sx: { cursor: 'pointer' },
      'data-testid': 'alert-row',
    }),
    enableRowActions: true,
    // First, so Delete stays in view when the table scrolls sideways (narrow screens).
    positionActionsColumn: 'first',
    renderRowActions: ({ row }) => (
      <Tooltip title="Delete">
        <IconButton
          size="small"
          color="error"
          aria-label={`Delete alert ${row.original.alert_request_ndx}`}
          onClick={(e) => {
            e.stopPropagation();
            onDelete(row.original);
          }}
          onKeyDown={(e) => e.stopPropagation()}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
    localization: { noRecordsToDisplay: 'No data available' },
  });
  return <MaterialReactTable table={table} />;
}
