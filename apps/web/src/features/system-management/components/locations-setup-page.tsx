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
import { SETUP_MESSAGES, ADMIN_TABLE_PAGE_SIZES, type SetupLocation } from '@portal/contracts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteLocation, useLocation, useLocationsMap, useLocationsTopTable } from '../api/locations';
import { useLocationTypes, useWaterbodies } from '../api/lookups';
import { LocationEditor } from './location-editor';
import { SelectionTable } from './selection-table';

/** null = editor closed, 0 = a new record, otherwise the location_ndx being edited. */
type Selected = number | null;

const columns: MRT_ColumnDef<SetupLocation>[] = [
  { accessorKey: 'location_id', header: 'Location ID', size: 120 },
  { accessorKey: 'location_display_label', header: 'Display Abbreviation', size: 130 },
  { accessorKey: 'location_name', header: 'Full Name', size: 220 },
  { accessorKey: 'location_type_desc', header: 'Location Type', size: 140 },
  { accessorKey: 'waterbody_name', header: 'Waterbody', size: 150 },
  { accessorKey: 'display_order', header: 'Display Order', size: 90 },
  { id: 'hidden', accessorFn: (l) => (l.exclude_from_map ? 'Yes' : 'No'), header: 'Hide from Map', size: 90 },
];

/** /data-access/system-management/locations-setup (administrators). */
export function LocationsSetupPage() {
  useDocumentTitle('Locations Setup');
  const { enqueueSnackbar } = useSnackbar();
  const table = useLocationsTopTable();
  const mapPoints = useLocationsMap();
  const types = useLocationTypes();
  const waterbodies = useWaterbodies();
  const [selected, setSelected] = useState<Selected>(null);
  const record = useLocation(selected);
  const [deleting, setDeleting] = useState<SetupLocation | null>(null);
  const remove = useDeleteLocation();

  const typeOptions = useMemo(
    () => (types.data ?? []).map((t) => ({ value: t.location_type_ndx, label: t.location_type_desc })),
    [types.data],
  );
  const waterbodyOptions = useMemo(
    () => (waterbodies.data ?? []).map((w) => ({ value: w.waterbody_ndx, label: w.waterbody_name })),
    [waterbodies.data],
  );

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.location_ndx, {
      onSuccess: () => {
        enqueueSnackbar(SETUP_MESSAGES.deleted, { variant: 'success' });
        setSelected(null);
      },
      onError: (error) => enqueueSnackbar(error.message || SETUP_MESSAGES.failed, { variant: 'error' }),
      onSettled: () => setDeleting(null),
    });
  };

  const editorReady = selected === 0 || (selected !== null && record.data);

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 3 }}
      >
        <Box>
          <Typography variant="h3" component="h1">
            Locations Setup
          </Typography>
          <Typography color="text.secondary">Pick a location to edit it, or add a new one; place it by clicking the map.</Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setSelected(0)}>
          Add Location
        </Button>
      </Stack>

      <SelectionTable
        columns={columns}
        data={table.data ?? []}
        getRowId={(l) => String(l.location_ndx)}
        selectedId={selected ? String(selected) : null}
        onSelect={(l) => setSelected(l.location_ndx)}
        loading={table.isPending}
        error={table.error?.message ?? null}
        label="Locations"
        rowTestId="location-row"
        pageSizes={ADMIN_TABLE_PAGE_SIZES}
        pageSize={ADMIN_TABLE_PAGE_SIZES[0]}
      />

      <Box sx={{ mt: 3 }}>
        {selected !== null && record.isPending && selected !== 0 ? <CircularProgress aria-label="Loading location" /> : null}
        {record.error && selected ? <Typography color="error">An error has occurred: {record.error.message}</Typography> : null}
        {editorReady ? (
          <LocationEditor
            key={selected === 0 ? 'new' : 'edit'}
            record={selected === 0 ? null : (record.data ?? null)}
            locationTypes={typeOptions}
            waterbodies={waterbodyOptions}
            points={mapPoints.data ?? []}
            onCreated={setSelected}
            onClose={() => setSelected(null)}
            onDelete={setDeleting}
          />
        ) : null}
      </Box>

      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="location-delete-title">
        <DialogTitle id="location-delete-title">Delete location {deleting ? `"${deleting.location_name}"` : ''}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            A location that still has observations, alerts, import configurations, facility associations or parameter settings is not
            deleted: the answer says what still refers to it.
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
