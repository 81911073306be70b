import type { TableRowProps } from '@mui/material';
import { MaterialReactTable, useMaterialReactTable, type MRT_ColumnDef, type MRT_RowData } from 'material-react-table';

/** The SMS, batteries and site summary tables open at 60 rows a page; other tables may ask for another size. */
export const DEFAULT_PAGE_SIZE = 60;
const PAGE_SIZES = [10, 30, 60, 100, 200];

interface Props<T extends MRT_RowData> {
  columns: MRT_ColumnDef<T>[];
  data: T[];
  getRowId: (row: T) => string;
  loading: boolean;
  /** The failure's message; the banner reads 'An error has occurred: {message}'. */
  error: string | null;
  /** Initial sort, e.g. [{ id: 'location', desc: false }]. */
  sorting: { id: string; desc: boolean }[];
  /** Names the table for screen readers and tests. */
  label: string;
  /** data-testid of each body row. */
  rowTestId: string;
  noRecordsText?: string;
  /** Filter inputs under the headers (default on; a short static table may only search). */
  columnFilters?: boolean;
  /** Rows a page at first (default 60). */
  pageSize?: number;
}

/**
 * Filter placeholders in the secondary text colour at full opacity: MUI draws them at 42-50 %
 * opacity, under the 4.5:1 contrast small text needs. The select filters' placeholder is a Box.
 */
const READABLE_PLACEHOLDERS = {
  '& input::placeholder': { color: 'text.secondary', opacity: 1 },
  '& .MuiSelect-select > .MuiBox-root': { color: 'text.secondary', opacity: 1 },
};

/**
 * A read-only data table (material-react-table): column filters shown under the headers (tables
 * open with column filtering on), a global search, sorting, paging, compact density, an error banner.
 * The report pages use it; other list pages can too.
 */
export function DataTable<T extends MRT_RowData>({
  columns,
  data,
  getRowId,
  loading,
  error,
  sorting,
  label,
  rowTestId,
  noRecordsText,
  columnFilters = true,
  pageSize = DEFAULT_PAGE_SIZE,
}: Props<T>) {
  const table = useMaterialReactTable({
    columns,
    data,
    getRowId,
    state: { isLoading: loading, showAlertBanner: Boolean(error) },
    initialState: { pagination: { pageIndex: 0, pageSize }, sorting, density: 'compact', showColumnFilters: columnFilters },
    enableColumnFilters: columnFilters,
    enableFacetedValues: true,
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableHiding: false,
    muiPaginationProps: { rowsPerPageOptions: PAGE_SIZES },
    muiTableProps: { 'aria-label': label },
    muiTablePaperProps: { variant: 'outlined', elevation: 0 },
    // Long names and notes wrap instead of pushing columns off screen.
    muiTableBodyCellProps: { sx: { whiteSpace: 'normal', overflowWrap: 'break-word' } },
    // Grid layout: the column sizes decide the widths (filter inputs and their placeholders do not), so ten columns fit 1366 px.
    layoutMode: 'grid',
    // A short visible placeholder (narrow columns would clip 'Filter by …'); the full name stays the accessible one.
    muiFilterTextFieldProps: ({ column, rangeFilterIndex }) => {
      const name = `Filter by ${String(column.columnDef.header)}`;
      const range = rangeFilterIndex === undefined ? '' : rangeFilterIndex === 0 ? ' (min)' : ' (max)';
      const htmlInput = { 'aria-label': name + range, title: name + range };
      // Range inputs keep MRT's Min / Max placeholders.
      return { sx: { minWidth: 0, ...READABLE_PLACEHOLDERS }, ...(range ? {} : { placeholder: 'Filter' }), slotProps: { htmlInput } };
    },
    // Header titles wrap onto two lines rather than being cut to 'Facilit…'.
    muiTableHeadCellProps: { sx: { '& .Mui-TableHeadCell-Content-Wrapper': { whiteSpace: 'normal', overflow: 'visible' } } },
    muiTableContainerProps: { sx: { maxWidth: '100%' } },
    muiToolbarAlertBannerProps: error ? { color: 'error', children: `An error has occurred: ${error}` } : undefined,
    muiTableBodyRowProps: { hover: true, 'data-testid': rowTestId } as TableRowProps,
    localization: { noRecordsToDisplay: noRecordsText ?? 'No data available' },
  });
  return <MaterialReactTable table={table} />;
}
