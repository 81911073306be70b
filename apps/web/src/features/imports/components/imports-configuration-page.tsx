import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useSnackbar } from 'notistack';
import type { ImportSource } from '@portal/contracts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteImportSource } from '../api/delete-import-source';
import { useImportSources } from '../api/get-import-sources';
import { ImportEditor } from './import-editor';
import { ImportSourcesTable } from './import-sources-table';

/** null = editor closed, 0 = a new record, otherwise the import_ndx being edited. */
type Editing = number | null;

/** /data-access/system-management/imports-configuration (administrators). */
export function ImportsConfigurationPage() {
  useDocumentTitle('Imports Configuration');
  const sources = useImportSources();
  const [showAll, setShowAll] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ImportSource | null>(null);
  const remove = useDeleteImportSource();
  const { enqueueSnackbar } = useSnackbar();

  const all = useMemo(() => sources.data ?? [], [sources.data]);
  const shown = useMemo(() => (showAll ? all : all.filter((s) => s.enabled)), [all, showAll]);
  const hidden = all.length - shown.length;
  // The editor follows the list, so Processing Status shows fresh retrieval times after a run.
  const editedSource = editing ? (all.find((s) => s.import_ndx === editing) ?? null) : null;

  const handleDelete = () => {
    if (!deleting) return;
    const importNdx = deleting.import_ndx;
    remove.mutate(importNdx, {
      onSuccess: () => {
        enqueueSnackbar('This entry was deleted from the database', { variant: 'success' });
        if (editing === importNdx) setEditing(null);
      },
      onError: (error) => enqueueSnackbar(error.message || 'Something went wrong', { variant: 'error' }),
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
            Imports Configuration
          </Typography>
          <Typography color="text.secondary">
            Where each series' data comes from, how often it is imported, and how the last runs went.
          </Typography>
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <FormControlLabel
            control={
              <Switch
                checked={showAll}
                onChange={(e) => setShowAll(e.target.checked)}
                slotProps={{ input: { 'aria-label': 'Show disabled sources' } }}
              />
            }
            label={showAll ? 'Showing all sources' : `Enabled only${hidden ? ` (${hidden} disabled hidden)` : ''}`}
          />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(0)}>
            New Import
          </Button>
        </Stack>
      </Stack>

      {!showAll && all.length > 0 && shown.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="all-disabled-note">
          {`All ${all.length} import ${all.length === 1 ? 'source is' : 'sources are'} disabled, so the enabled-only list is empty. Turn on the switch above to show them.`}
        </Alert>
      ) : null}
      <ImportSourcesTable
        sources={shown}
        loading={sources.isPending}
        error={sources.error?.message ?? null}
        onEdit={(s) => setEditing(s.import_ndx)}
      />

      {editing !== null && (editing === 0 || editedSource) ? (
        <ImportEditor
          key={editing === 0 ? 'new' : 'edit'}
          source={editedSource}
          onClose={() => setEditing(null)}
          onCreated={setEditing}
          onDelete={setDeleting}
        />
      ) : null}

      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="import-delete-title">
        <DialogTitle id="import-delete-title">Delete import configuration {deleting ? `"${deleting.import_ndx}"` : ''}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {deleting ? `${deleting.location_name} · ${deleting.parameter_name} (${deleting.data_source}). ` : ''}
            Its run history is deleted too. Observations it already imported stay in the database.
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
