import { useMemo, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  MaterialReactTable,
  useMaterialReactTable,
  type MRT_ColumnDef,
  type MRT_RowData,
  type MRT_TableOptions,
} from 'material-react-table';

export interface EditableColumn<T> {
  key: keyof T & string;
  header: string;
  size?: number;
  required?: boolean;
}

type Values = Record<string, string>;

interface Props<T extends MRT_RowData> {
  columns: EditableColumn<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  loading: boolean;
  error: string | null;
  /** Names the table for screen readers and tests, e.g. 'Contacts'. */
  label: string;
  rowTestId: string;
  addLabel: string;
  pageSizes: readonly number[];
  pageSize: number;
  /** Field messages for invalid values ({} when valid). */
  validate: (values: Values) => Values;
  /** Resolve when saved; throw to keep the row open (the caller shows the toast). */
  onCreate: (values: Values) => Promise<void>;
  onUpdate: (row: T, values: Values) => Promise<void>;
  onDelete: (row: T) => Promise<void>;
  /** Why a row cannot be deleted (shown instead of the confirmation), or null. */
  deleteBlockedReason?: (row: T) => string | null;
  /** What the delete confirmation calls the row. */
  describe: (row: T) => string;
}

/**
 * An editable table (material-react-table): rows are added and edited in place, each field shows
 * its validation message under it, and a delete asks first (or explains why it cannot happen).
 */
export function EditableTable<T extends MRT_RowData>(props: Props<T>) {
  const { columns, rows, validate, onCreate, onUpdate, onDelete, deleteBlockedReason, describe } = props;
  const [errors, setErrors] = useState<Values>({});
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const mrtColumns = useMemo<MRT_ColumnDef<T>[]>(
    () =>
      columns.map((c) => ({
        accessorKey: c.key,
        header: c.header,
        size: c.size,
        Cell: ({ row }) => (row.original[c.key] as string | null) ?? '',
        muiEditTextFieldProps: {
          required: c.required,
          error: Boolean(errors[c.key]),
          helperText: errors[c.key],
          onFocus: () => setErrors((e) => ({ ...e, [c.key]: '' })),
          slotProps: { htmlInput: { 'aria-label': c.header } },
        },
      })) as MRT_ColumnDef<T>[],
    [columns, errors],
  );

  const check = (values: Values): boolean => {
    const found = validate(values);
    setErrors(found);
    return Object.values(found).every((m) => !m);
  };

  const save: MRT_TableOptions<T>['onCreatingRowSave'] = async ({ values, table }) => {
    if (!check(values)) return;
    try {
      await onCreate(values);
      table.setCreatingRow(null);
    } catch {
      // The caller showed the failure; the row stays open for a fix.
    }
  };
  const update: MRT_TableOptions<T>['onEditingRowSave'] = async ({ values, row, table }) => {
    if (!check(values)) return;
    try {
      await onUpdate(row.original, values);
      table.setEditingRow(null);
    } catch {
      // As above.
    }
  };

  const table = useMaterialReactTable({
    columns: mrtColumns,
    data: rows,
    getRowId: props.getRowId,
    state: { isLoading: props.loading, showAlertBanner: Boolean(props.error) },
    initialState: { pagination: { pageIndex: 0, pageSize: props.pageSize }, density: 'compact', showGlobalFilter: true },
    enableEditing: true,
    editDisplayMode: 'row',
    createDisplayMode: 'row',
    positionActionsColumn: 'last',
    // Wide enough for the widest pair it holds: Cancel and Save while a row is edited or added.
    displayColumnDefOptions: { 'mrt-row-actions': { size: 110, minSize: 110, grow: false } },
    onCreatingRowSave: save,
    onEditingRowSave: update,
    onCreatingRowCancel: () => setErrors({}),
    onEditingRowCancel: () => setErrors({}),
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    layoutMode: 'grid',
    muiPaginationProps: { rowsPerPageOptions: [...props.pageSizes] },
    muiTableProps: { 'aria-label': props.label },
    muiTableBodyCellProps: { sx: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
    muiToolbarAlertBannerProps: props.error ? { color: 'error', children: `An error has occurred: ${props.error}` } : undefined,
    muiTableBodyRowProps: { 'data-testid': props.rowTestId } as object,
    renderTopToolbarCustomActions: ({ table: t }) => (
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        onClick={() => t.setCreatingRow(true)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {props.addLabel}
      </Button>
    ),
    renderRowActions: ({ row, table: t }) => (
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${describe(row.original)}`} onClick={() => t.setEditingRow(row)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton size="small" color="error" aria-label={`Delete ${describe(row.original)}`} onClick={() => setDeleting(row.original)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    ),
    localization: { noRecordsToDisplay: 'No data available' },
  });

  const blocked = deleting && deleteBlockedReason ? deleteBlockedReason(deleting) : null;
  const confirm = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await onDelete(deleting);
    } catch {
      // The caller showed the failure.
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <>
      <MaterialReactTable table={table} />
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="editable-delete-title">
        <DialogTitle id="editable-delete-title">{blocked ? 'Cannot delete' : `Delete ${deleting ? describe(deleting) : ''}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>{blocked ?? 'This cannot be undone.'}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{blocked ? 'Close' : 'Cancel'}</Button>
          {blocked ? null : (
            <Button color="error" variant="contained" onClick={() => void confirm()} disabled={busy}>
              Delete
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
