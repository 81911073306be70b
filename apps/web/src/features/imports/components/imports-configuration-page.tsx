import { useMemo, useState } from 'react';
import { Alert, Box, Button, FormControlLabel, Switch } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { EDIT_MESSAGES, type ImportSource } from '@portal/contracts';
import { ConfirmDeleteDialog } from '../../../components/editor/confirm-delete-dialog';
import { useConfirmDelete } from '../../../components/editor/use-confirm-delete';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteImportSource } from '../api/delete-import-source';
import { useImportSources } from '../api/get-import-sources';
import { ImportEditor } from './import-editor';
import { ImportSourcesTable } from './import-sources-table';
import { WaterServicesNotice } from './move-to-water-data';

/** null = editor closed, 0 = a new record, otherwise the import_ndx being edited. */
type Editing = number | null;

/** /data-access/system-management/imports-configuration (administrators). */
export function ImportsConfigurationPage() {
  useDocumentTitle('Imports Configuration');
  const sources = useImportSources();
  const [showAll, setShowAll] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDeleteImportSource();
  const deletion = useConfirmDelete<ImportSource>({
    remove: (s) => remove.mutateAsync(s.import_ndx),
    deletedMessage: EDIT_MESSAGES.deleted,
    failedMessage: EDIT_MESSAGES.failed,
    onDeleted: (s) => setEditing((current) => (current === s.import_ndx ? null : current)),
  });

  const all = useMemo(() => sources.data ?? [], [sources.data]);
  const shown = useMemo(() => (showAll ? all : all.filter((s) => s.enabled)), [all, showAll]);
  const hidden = all.length - shown.length;
  // The editor follows the list, so Processing Status shows fresh retrieval times after a run.
  const editedSource = editing ? (all.find((s) => s.import_ndx === editing) ?? null) : null;

  return (
    <Box>
      <PageHeader
        title="Imports Configuration"
        description="Where each series' data comes from, how often it is imported, and how the last runs went."
        actions={
          <>
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
          </>
        }
      />

      {!showAll && all.length > 0 && shown.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="all-disabled-note">
          {`All ${all.length} import ${all.length === 1 ? 'source is' : 'sources are'} disabled, so the enabled-only list is empty. Turn on the switch above to show them.`}
        </Alert>
      ) : null}
      <WaterServicesNotice sources={all} />
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
          onDelete={deletion.ask}
        />
      ) : null}

      <ConfirmDeleteDialog {...deletion.dialog} title={`Delete import configuration "${deletion.pending?.import_ndx ?? ''}"?`}>
        {deletion.pending
          ? `${deletion.pending.location_name} · ${deletion.pending.parameter_name} (${deletion.pending.data_source}). `
          : ''}
        Its run history is deleted too. Observations it already imported stay in the database.
      </ConfirmDeleteDialog>
    </Box>
  );
}
