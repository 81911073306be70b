import type { ReactNode } from 'react';
import { SETUP_MESSAGES } from '@portal/contracts';
import { ConfirmDeleteDialog } from '../../../components/editor/confirm-delete-dialog';
import { useConfirmDelete } from '../../../components/editor/use-confirm-delete';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { MRT_ColumnDef, MRT_RowData } from 'material-react-table';
import { ADMIN_TABLE_PAGE_SIZES } from '@portal/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { SelectionTable } from './selection-table';

/** null = editor closed, 0 = a new record, otherwise the id of the record being edited. */
export type SetupSelection = number | null;

interface Props<T extends MRT_RowData> {
  title: string;
  description: string;
  /** 'Add Location', 'Add Facility'. */
  addLabel: string;
  /** The table's accessible name and its rows' test id. */
  label: string;
  rowTestId: string;
  columns: MRT_ColumnDef<T>[];
  rows: { data?: T[]; isPending: boolean; error: Error | null };
  idOf: (row: T) => number;
  selected: SetupSelection;
  onSelect: (selected: SetupSelection) => void;
  /** The selected record's load. */
  record: { data?: T; isPending: boolean; error: Error | null };
  /** 'Loading location'. */
  loadingLabel: string;
  /** The editor of a new record (null) or of the loaded one; shown once there is something to edit. */
  renderEditor: (editing: EditorSlot<T>) => ReactNode;
  /** Deletes a record; the server's refusal says what still refers to it. */
  remove: (row: T) => Promise<unknown>;
  deleteTitle: (row: T) => string;
  /** What deleting does, or when it is refused. */
  deleteText: string;
}

/** What the page hands its editor. */
export interface EditorSlot<T> {
  record: T | null;
  onCreated: (id: number) => void;
  onClose: () => void;
  onDelete: (row: T) => void;
}

/** Locations Setup and Facilities Setup: a selection table, and below it the editor of the picked or new record. */
export function SetupPage<T extends MRT_RowData>(props: Props<T>) {
  const { selected, record, onSelect } = props;
  const deletion = useConfirmDelete<T>({
    remove: props.remove,
    deletedMessage: SETUP_MESSAGES.deleted,
    failedMessage: SETUP_MESSAGES.failed,
    onDeleted: () => onSelect(null),
  });
  const loaded = selected === 0 ? null : (record.data ?? undefined);
  return (
    <Box>
      <PageHeader
        title={props.title}
        description={props.description}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => props.onSelect(0)}>
            {props.addLabel}
          </Button>
        }
      />
      <SelectionTable
        columns={props.columns}
        data={props.rows.data ?? []}
        getRowId={(row) => String(props.idOf(row))}
        selectedId={selected ? String(selected) : null}
        onSelect={(row) => props.onSelect(props.idOf(row))}
        loading={props.rows.isPending}
        error={props.rows.error?.message ?? null}
        label={props.label}
        rowTestId={props.rowTestId}
        pageSizes={ADMIN_TABLE_PAGE_SIZES}
        pageSize={ADMIN_TABLE_PAGE_SIZES[0]}
      />
      <Box sx={{ mt: 3 }}>
        {selected && record.isPending ? <CircularProgress aria-label={props.loadingLabel} /> : null}
        {selected && record.error ? <Typography color="error">An error has occurred: {record.error.message}</Typography> : null}
        {selected !== null && loaded !== undefined
          ? props.renderEditor({ record: loaded, onCreated: onSelect, onClose: () => onSelect(null), onDelete: deletion.ask })
          : null}
      </Box>
      <ConfirmDeleteDialog {...deletion.dialog} title={deletion.pending ? props.deleteTitle(deletion.pending) : ''}>
        {props.deleteText}
      </ConfirmDeleteDialog>
    </Box>
  );
}
