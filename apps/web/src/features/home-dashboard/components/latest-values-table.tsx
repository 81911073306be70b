import { useMemo } from 'react';
import type { MRT_ColumnDef } from 'material-react-table';
import type { HomeDashboardRow } from '@portal/contracts';
import { DataTable } from '../../../components/data-table/data-table';
import { formatTimestamp } from '../../../lib/time';
import { formatValue } from '../lib/format-value';

export function LatestValuesTable({ rows, loading, error }: { rows: HomeDashboardRow[]; loading: boolean; error: string | null }) {
  const columns = useMemo<MRT_ColumnDef<HomeDashboardRow>[]>(
    () => [
      { id: 'location', header: 'Location', accessorKey: 'location_label', size: 160 },
      { id: 'parameter', header: 'Parameter', accessorKey: 'parameter_name', size: 140 },
      { id: 'units', header: 'Units', accessorFn: (r) => r.unit_name ?? '', size: 80 },
      {
        id: 'timestamp',
        header: 'Timestamp',
        accessorKey: 'collect_timestamp',
        Cell: ({ row }) => formatTimestamp(row.original.collect_timestamp),
        size: 180,
      },
      {
        id: 'value',
        header: 'Value',
        accessorKey: 'data_value',
        Cell: ({ row }) => <span data-testid="home-value">{formatValue(row.original.data_value)}</span>,
        size: 100,
      },
      { id: 'source', header: 'Source', accessorFn: (r) => r.datasrc_name ?? '', size: 180 },
    ],
    [],
  );
  return (
    <DataTable
      columns={columns}
      data={rows}
      getRowId={(r) => String(r.location_ndx)}
      loading={loading}
      error={error}
      sorting={[{ id: 'location', desc: false }]}
      label="Latest values"
      rowTestId="home-row"
      noRecordsText="No data available"
    />
  );
}
