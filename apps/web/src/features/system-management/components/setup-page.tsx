import type { ReactNode } from 'react';
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
  record: { isPending: boolean; error: Error | null };
  /** 'Loading location'. */
  loadingLabel: string;
  /** The editor, once there is something to edit (a new record, or the loaded one). */
  editor: ReactNode;
  /** The confirm-delete dialog. */
  children?: ReactNode;
}

/** Locations Setup and Facilities Setup: a selection table, and below it the editor of the picked or new record. */
export function SetupPage<T extends MRT_RowData>(props: Props<T>) {
  const { selected, record } = props;
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
        {props.editor}
      </Box>
      {props.children}
    </Box>
  );
}
