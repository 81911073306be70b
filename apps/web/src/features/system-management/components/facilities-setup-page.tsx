import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { MRT_ColumnDef } from 'material-react-table';
import { useSnackbar } from 'notistack';
import { SETUP_MESSAGES, ADMIN_TABLE_PAGE_SIZES, type SetupFacility } from '@portal/contracts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteFacility, useSetupFacilities, useSetupFacility } from '../api/facilities';
import { useFacilityTypes } from '../api/lookups';
import { FacilityEditor } from './facility-editor';
import { SelectionTable } from './selection-table';

const columns: MRT_ColumnDef<SetupFacility>[] = [
  { accessorKey: 'facility_name', header: 'Facility Name', size: 220 },
  { accessorKey: 'facility_type_desc', header: 'Facility Type', size: 160 },
  { accessorKey: 'display_order', header: 'Display Order', size: 100 },
  { accessorKey: 'location_count', header: 'Locations', size: 90 },
  { id: 'users', accessorFn: (f) => f.authorized_users.length, header: 'Authorised Users', size: 110 },
];

/** /data-access/system-management/facilities-setup (administrators). */
export function FacilitiesSetupPage() {
  useDocumentTitle('Facilities Setup');
  const { enqueueSnackbar } = useSnackbar();
  const list = useSetupFacilities();
  const types = useFacilityTypes();
  // null = closed, 0 = new, otherwise the facility_ndx being edited.
  const [selected, setSelected] = useState<number | null>(null);
  const record = useSetupFacility(selected);
  const [deleting, setDeleting] = useState<SetupFacility | null>(null);
  const remove = useDeleteFacility();
  const typeOptions = useMemo(
    () => (types.data ?? []).map((t) => ({ value: t.facility_type_ndx, label: t.facility_type_desc })),
    [types.data],
  );

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.facility_ndx, {
      onSuccess: () => {
        enqueueSnackbar(SETUP_MESSAGES.deleted, { variant: 'success' });
        setSelected(null);
      },
      onError: (error) => enqueueSnackbar(error.message || SETUP_MESSAGES.failed, { variant: 'error' }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 3 }}
      >
        <Box>
          <Typography variant="h3" component="h1">
            Facilities Setup
          </Typography>
          <Typography color="text.secondary">
            Pick a facility to edit it, or add a new one. Its locations are chosen on Facilities to Locations.
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setSelected(0)}>
          Add Facility
        </Button>
      </Stack>
      <SelectionTable
        columns={columns}
        data={list.data ?? []}
        getRowId={(f) => String(f.facility_ndx)}
        selectedId={selected ? String(selected) : null}
        onSelect={(f) => setSelected(f.facility_ndx)}
        loading={list.isPending}
        error={list.error?.message ?? null}
        label="Facilities"
        rowTestId="facility-row"
        pageSizes={ADMIN_TABLE_PAGE_SIZES}
        pageSize={ADMIN_TABLE_PAGE_SIZES[0]}
      />
      <Box sx={{ mt: 3 }}>
        {selected ? record.isPending ? <CircularProgress aria-label="Loading facility" /> : null : null}
        {record.error && selected ? <Typography color="error">An error has occurred: {record.error.message}</Typography> : null}
        {selected === 0 || (selected !== null && record.data) ? (
          <FacilityEditor
            key={selected === 0 ? 'new' : 'edit'}
            record={selected === 0 ? null : (record.data ?? null)}
            facilityTypes={typeOptions}
            onCreated={setSelected}
            onClose={() => setSelected(null)}
            onDelete={setDeleting}
          />
        ) : null}
      </Box>
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="facility-delete-title">
        <DialogTitle id="facility-delete-title">Delete facility {deleting ? `"${deleting.facility_name}"` : ''}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            A facility that still has associated locations or authorised users is not deleted: the answer says what still refers to it.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={handleDelete} disabled={remove.isPending}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
