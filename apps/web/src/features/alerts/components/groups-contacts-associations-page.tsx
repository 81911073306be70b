import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  FormControlLabel,
  Grid,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { MaterialReactTable, useMaterialReactTable, type MRT_ColumnDef, type MRT_RowSelectionState } from 'material-react-table';
import { useSnackbar } from '../../../lib/toasts';
import { ALERT_MESSAGES, ASSOCIATION_PAGE_SIZES, type Contact } from '@portal/contracts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContactGroupPairs, useReplaceGroupContacts } from '../api/assoc-contacts-groups';
import { useContacts } from '../api/list-contacts';
import { useGroups } from '../api/list-groups';
import { rowCheckboxLabel } from '../../../components/data-table/row-checkbox-label';
import { PageHeader } from '../../../components/ui/page-header';

const COLUMNS: MRT_ColumnDef<Contact>[] = [
  { accessorKey: 'contact_name', header: 'Contact Name', size: 170 },
  { accessorKey: 'contact_address', header: 'Contact Address', size: 220 },
  { accessorKey: 'contact_org', header: 'Contact Organization', size: 170 },
];

/** The group list is at most 700 px high. */
const LIST_MAX_HEIGHT = 700;

/** /data-access/system-management/associate-contacts-and-groups: pick a group, check its contacts, Save replaces the set. */
export function GroupsContactsAssociationsPage() {
  useDocumentTitle('Groups to Contacts Associations');
  const groups = useGroups();
  const contacts = useContacts();
  const pairs = useContactGroupPairs();
  const replace = useReplaceGroupContacts();
  const { enqueueSnackbar } = useSnackbar();
  const [picked, setPicked] = useState<number | null>(null);
  // Unsaved checks of one group; null = the group's stored contacts.
  const [edits, setEdits] = useState<{ groupNdx: number; selection: MRT_RowSelectionState } | null>(null);
  const [onlySelected, setOnlySelected] = useState(false);

  // The first group is chosen until the administrator picks one.
  const groupNdx = picked ?? groups.data?.[0]?.group_ndx ?? null;
  const stored = useMemo<MRT_RowSelectionState>(
    () => Object.fromEntries((pairs.data ?? []).filter((p) => p.group_ndx === groupNdx).map((p) => [String(p.contact_ndx), true])),
    [pairs.data, groupNdx],
  );
  const selection = edits && edits.groupNdx === groupNdx ? edits.selection : stored;
  const setSelection = (next: MRT_RowSelectionState | ((old: MRT_RowSelectionState) => MRT_RowSelectionState)) => {
    if (groupNdx === null) return;
    setEdits({ groupNdx, selection: typeof next === 'function' ? next(selection) : next });
  };
  const pickGroup = (ndx: number) => {
    setPicked(ndx);
    setEdits(null);
  };

  const all = useMemo(() => contacts.data ?? [], [contacts.data]);
  const shown = useMemo(() => (onlySelected ? all.filter((c) => selection[String(c.contact_ndx)]) : all), [all, onlySelected, selection]);
  const chosen = Object.keys(selection).filter((k) => selection[k]);
  const group = groups.data?.find((g) => g.group_ndx === groupNdx);

  const table = useMaterialReactTable({
    columns: COLUMNS,
    data: shown,
    getRowId: (c) => String(c.contact_ndx),
    enableRowSelection: true,
    enableSelectAll: false,
    muiSelectCheckboxProps: rowCheckboxLabel((c: Contact) => c.contact_name),
    onRowSelectionChange: setSelection,
    state: { rowSelection: selection, isLoading: contacts.isPending || pairs.isPending },
    initialState: { pagination: { pageIndex: 0, pageSize: ASSOCIATION_PAGE_SIZES[0] }, density: 'compact', showGlobalFilter: true },
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    layoutMode: 'grid',
    muiPaginationProps: { rowsPerPageOptions: [...ASSOCIATION_PAGE_SIZES] },
    muiTableProps: { 'aria-label': 'Contacts of the group' },
    muiTableBodyCellProps: { sx: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
    muiTableBodyRowProps: { 'data-testid': 'assoc-contact-row' } as object,
    positionToolbarAlertBanner: 'none',
    localization: { noRecordsToDisplay: 'No data available' },
  });

  const save = () => {
    if (groupNdx === null) return;
    replace.mutate(
      { groupNdx, contactNdxs: chosen.map(Number) },
      {
        onSuccess: () => {
          setEdits(null);
          enqueueSnackbar(ALERT_MESSAGES.associationsSaved, { variant: 'success' });
        },
        onError: () => enqueueSnackbar(ALERT_MESSAGES.associationsFailed, { variant: 'error' }),
      },
    );
  };

  return (
    <Box>
      <PageHeader
        title="Groups to Contacts Associations"
        description="Pick a group, check its contacts and Save: the group then holds exactly the checked contacts."
        spacing={2}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 3 }}>
          <Paper variant="outlined" sx={{ maxHeight: LIST_MAX_HEIGHT, overflowY: 'auto' }}>
            <List dense aria-label="Groups">
              {(groups.data ?? []).map((g) => (
                <ListItem key={g.group_ndx} disablePadding>
                  <ListItemButton selected={g.group_ndx === groupNdx} onClick={() => pickGroup(g.group_ndx)}>
                    <ListItemText primary={g.group_desc} secondary={g.remark} />
                  </ListItemButton>
                </ListItem>
              ))}
              {groups.data?.length === 0 ? (
                <ListItem>
                  <Typography sx={{ p: 2 }}>No Data Available</Typography>
                </ListItem>
              ) : null}
            </List>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 9 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600, mr: 'auto' }}>
              {group ? `${group.group_desc}: ${chosen.length} selected` : 'No group chosen'}
            </Typography>
            <FormControlLabel
              control={<Switch checked={onlySelected} onChange={(e) => setOnlySelected(e.target.checked)} />}
              label={onlySelected ? 'Only selected' : 'All contacts'}
            />
            <Button
              onClick={() => setSelection(Object.fromEntries(all.map((c) => [String(c.contact_ndx), true])))}
              disabled={groupNdx === null}
            >
              Select All
            </Button>
            <Button onClick={() => setSelection({})} disabled={groupNdx === null}>
              Select None
            </Button>
            <Button variant="contained" onClick={save} disabled={groupNdx === null || replace.isPending}>
              Save
            </Button>
          </Stack>
          <MaterialReactTable table={table} />
        </Grid>
      </Grid>
    </Box>
  );
}
