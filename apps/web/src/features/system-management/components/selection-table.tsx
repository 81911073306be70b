import type { TableRowProps } from '@mui/material';
import { MaterialReactTable, useMaterialReactTable, type MRT_ColumnDef, type MRT_RowData } from 'material-react-table';

interface Props<T extends MRT_RowData> {
  columns: MRT_ColumnDef<T>[];
  data: T[];
  getRowId: (row: T) => string;
  selectedId: string | null;
  onSelect: (row: T) => void;
  loading: boolean;
  error: string | null;
  label: string;
  rowTestId: string;
  pageSizes: readonly number[];
  pageSize: number;
}

/** The setup pages' selection table: a click on a row opens that record in the editor. */
export function SelectionTable<T extends MRT_RowData>({
  columns,
  data,
  getRowId,
  selectedId,
  onSelect,
  loading,
  error,
  label,
  rowTestId,
  pageSizes,
  pageSize,
}: Props<T>) {
  const table = useMaterialReactTable({
    columns,
    data,
    getRowId,
    state: { isLoading: loading, showAlertBanner: Boolean(error) },
    initialState: { pagination: { pageIndex: 0, pageSize }, density: 'compact', showGlobalFilter: true },
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableHiding: false,
    enableColumnFilters: false,
    positionGlobalFilter: 'left',
    layoutMode: 'grid',
    muiPaginationProps: { rowsPerPageOptions: [...pageSizes] },
    muiTableProps: { 'aria-label': label },
    muiTablePaperProps: { variant: 'outlined', elevation: 0 },
    muiTableContainerProps: { sx: { maxHeight: 420 } },
    muiTableBodyCellProps: { sx: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
    muiToolbarAlertBannerProps: error ? { color: 'error', children: `An error has occurred: ${error}` } : undefined,
    muiTableBodyRowProps: ({ row }) =>
      ({
        hover: true,
        selected: row.id === selectedId,
        onClick: () => onSelect(row.original),
        sx: { cursor: 'pointer' },
        'data-testid': rowTestId,
      }) as TableRowProps,
    localization: { noRecordsToDisplay: 'No data available' },
  });
  return <MaterialReactTable table={table} />;
}
