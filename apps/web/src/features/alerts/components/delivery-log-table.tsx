import { useMemo } from 'react';
import { Alert, Box, Chip, Typography } from '@mui/material';
import { MaterialReactTable, useMaterialReactTable, type MRT_ColumnDef } from 'material-react-table';
import { ADMIN_TABLE_PAGE_SIZES, type AlertDelivery } from '@portal/contracts';
import { formatTimestamp } from '../../../lib/time';
import { useDeliveryLog } from '../api/alerts-delivery-log';

const STATUS_LABEL: Record<
  AlertDelivery['delivery_status'],
  { label: string; color: 'success' | 'warning' | 'error' | 'info' | 'default' }
> = {
  sent: { label: 'Sent', color: 'success' },
  pending: { label: 'Retrying', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
  outbox: { label: 'Outbox (not sent)', color: 'info' },
  partial: { label: 'Partly sent', color: 'warning' },
};

/** Outbox / Delivery log: every message the engine wrote, its recipient and result (decision 0015). */
export function DeliveryLogTable() {
  const log = useDeliveryLog();
  const columns = useMemo<MRT_ColumnDef<AlertDelivery>[]>(
    () => [
      {
        id: 'fired_at',
        header: 'Fired',
        accessorFn: (d) => d.fired_at,
        Cell: ({ row }) => formatTimestamp(row.original.fired_at),
        size: 140,
      },
      {
        id: 'alert',
        header: 'Alert',
        // Account messages (a password-reset or sign-up link) belong to no alert.
        accessorFn: (d) => d.alert_request_ndx ?? (d.purpose === 'sign-up' ? 'Sign-up link' : 'Password reset'),
        size: 70,
      },
      { id: 'address', header: 'Recipient', accessorFn: (d) => d.address ?? '—', size: 190 },
      {
        id: 'message',
        header: 'Message',
        accessorFn: (d) => `${d.subject ?? ''} ${d.body ?? ''}`,
        Cell: ({ row }) => (
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {row.original.subject}
            </Typography>
            <Typography
              variant="caption"
              component="pre"
              sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, overflowWrap: 'anywhere' }}
            >
              {row.original.body}
            </Typography>
          </Box>
        ),
        size: 380,
      },
      {
        id: 'status',
        header: 'Result',
        accessorFn: (d) => d.delivery_status,
        Cell: ({ row }) => {
          const d = row.original;
          const s = STATUS_LABEL[d.delivery_status];
          return (
            <Box>
              <Chip size="small" variant="outlined" label={s.label} color={s.color} />
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {d.sent_at ? `${formatTimestamp(d.sent_at)} · ` : ''}
                {`${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`}
                {d.delivery_error ? ` · ${d.delivery_error}` : ''}
              </Typography>
            </Box>
          );
        },
        size: 180,
      },
    ],
    [],
  );
  const table = useMaterialReactTable({
    columns,
    data: log.data ?? [],
    getRowId: (d) => String(d.alert_event_ndx),
    state: { isLoading: log.isPending, showAlertBanner: Boolean(log.error) },
    initialState: { pagination: { pageIndex: 0, pageSize: 10 }, density: 'compact', showGlobalFilter: true },
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableSorting: false,
    layoutMode: 'grid',
    muiPaginationProps: { rowsPerPageOptions: [...ADMIN_TABLE_PAGE_SIZES] },
    muiSearchTextFieldProps: { placeholder: 'Search Messages' },
    muiTableBodyCellProps: { sx: { whiteSpace: 'normal', overflowWrap: 'break-word', verticalAlign: 'top' } },
    muiToolbarAlertBannerProps: log.error ? { color: 'error', children: `An error has occurred: ${log.error.message}` } : undefined,
    muiTableBodyRowProps: { 'data-testid': 'delivery-row' } as object,
    localization: { noRecordsToDisplay: 'No data available' },
  });
  const outboxOnly = (log.data ?? []).some((d) => d.delivery_status === 'outbox');
  return (
    <Box>
      {outboxOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Messages marked Outbox were not sent: the server has no SMTP_URL. They stay here so nothing is lost.
        </Alert>
      ) : null}
      <MaterialReactTable table={table} />
    </Box>
  );
}
