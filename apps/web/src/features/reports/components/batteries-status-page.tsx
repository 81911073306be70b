import { useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import type { MRT_ColumnDef } from 'material-react-table';
import type { BatteryStatus } from '@portal/contracts';
import { formatTimestamp } from '../../../lib/time';
import { useCallerKey } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBatteriesStatus } from '../api/get-batteries-status';
import { ReportPageHeader } from './report-page-header';
import { DataTable } from '../../../components/data-table/data-table';

/** Volts with two decimals and the unit; an em dash when the window holds no reading. */
function volts(value: number | null, unit: string | null): string {
  if (value === null) return '—';
  return `${value.toFixed(2)}${unit ? ` ${unit}` : ''}`;
}

/** /data-access/batteries-status-table (public): each logger battery's range over the last 7 days. */
export function BatteriesStatusPage() {
  useDocumentTitle('Batteries Status Table');
  const batteries = useBatteriesStatus(useCallerKey());

  const columns = useMemo<MRT_ColumnDef<BatteryStatus>[]>(
    () => [
      {
        id: 'location',
        header: 'Location Name',
        // Filtering matches the short label and the full name.
        accessorFn: (b) => `${b.location_display_label} ${b.location_name}`,
        filterFn: 'contains',
        sortingFn: (a, b) => a.original.location_display_label.localeCompare(b.original.location_display_label),
        Cell: ({ row }) => (
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="battery-label" data-location-ndx={row.original.location_ndx}>
              {row.original.location_display_label}
            </Typography>
            {row.original.location_name !== row.original.location_display_label ? (
              <Typography variant="caption" color="text.secondary">
                {row.original.location_name}
              </Typography>
            ) : null}
          </Box>
        ),
        size: 220,
      },
      {
        id: 'min_7day',
        header: 'MIN 7-day',
        accessorFn: (b) => b.min_7day,
        Cell: ({ row }) => <span data-testid="battery-min">{volts(row.original.min_7day, row.original.unit_desc)}</span>,
        filterVariant: 'range',
        size: 130,
      },
      {
        id: 'max_7day',
        header: 'MAX 7-day',
        accessorFn: (b) => b.max_7day,
        Cell: ({ row }) => <span data-testid="battery-max">{volts(row.original.max_7day, row.original.unit_desc)}</span>,
        filterVariant: 'range',
        size: 130,
      },
      {
        id: 'latest',
        header: 'Latest Reading',
        accessorFn: (b) => b.last_timestamp,
        enableColumnFilter: false,
        Cell: ({ row }) => (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            <Typography variant="body2">{volts(row.original.last_value, row.original.unit_desc)}</Typography>
            <Typography variant="caption" color={row.original.reading_count_7day === 0 ? 'error' : 'text.secondary'}>
              {formatTimestamp(row.original.last_timestamp)}
            </Typography>
          </Box>
        ),
        size: 170,
      },
    ],
    [],
  );

  return (
    <Box>
      <ReportPageHeader
        title="Batteries Status Table"
        description="Lowest and highest logger battery voltage over the last 7 days (the 168 hours up to now). A dash means no reading arrived in that time."
      />
      <DataTable
        columns={columns}
        data={batteries.data ?? []}
        getRowId={(b) => `${b.location_ndx}-${b.parameter_name}`}
        loading={batteries.isPending}
        error={batteries.error?.message ?? null}
        sorting={[{ id: 'location', desc: false }]}
        label="Batteries Status"
        rowTestId="battery-row"
      />
    </Box>
  );
}
