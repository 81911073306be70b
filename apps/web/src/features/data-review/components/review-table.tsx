import { useMemo } from 'react';
import type { MRT_ColumnDef } from 'material-react-table';
import type { DataReviewRow } from '@portal/contracts';
import { DataTable } from '../../../components/data-table/data-table';
import { formatTimestamp } from '../../../lib/time';

interface Props {
  rows: DataReviewRow[];
  decimals: number;
  loading: boolean;
  error: string | null;
  label: string;
}

/** The graph's rows as a paged table: time, raw, corrected value, approval status and qualifiers. */
export function ReviewTable({ rows, decimals, loading, error, label }: Props) {
  const columns = useMemo<MRT_ColumnDef<DataReviewRow>[]>(() => {
    const num = (v: number | null, empty: string) => (v === null ? empty : v.toFixed(decimals));
    return [
      { id: 'time', header: 'Time', accessorFn: (r) => r.time, Cell: ({ row }) => formatTimestamp(row.original.time), size: 180 },
      { id: 'raw', header: 'Raw', accessorFn: (r) => r.raw, Cell: ({ row }) => num(row.original.raw, '—'), size: 100 },
      { id: 'value', header: 'Value', accessorFn: (r) => r.value, Cell: ({ row }) => num(row.original.value, 'deleted'), size: 100 },
      { id: 'approval', header: 'Approval', accessorFn: (r) => r.approval_status, size: 110 },
      { id: 'qualifiers', header: 'Qualifiers', accessorFn: (r) => r.qualifiers.join(', '), size: 120 },
    ];
  }, [decimals]);
  return (
    <DataTable
      columns={columns}
      data={rows}
      getRowId={(r) => r.time}
      loading={loading}
      error={error}
      sorting={[{ id: 'time', desc: false }]}
      label={label}
      rowTestId="review-row"
      columnFilters={false}
      pageSize={30}
      noRecordsText="No values in this range"
    />
  );
}
