import { useMemo } from 'react';
import { Grid } from '@mui/material';
import { EDIT_MESSAGES, importSourceInputSchema, type ImportSource } from '@portal/contracts';
import { EditorDialog } from '../../../components/editor/editor-dialog';
import { useEntityEditor } from '../../../components/editor/use-entity-editor';
import { useCreateImportSource } from '../api/create-import-source';
import { useUpdateImportSource } from '../api/update-import-source';
import { importFormSchema, importFormToInput, importFormValuesFrom, newImportFormValues, type ImportFormValues } from '../lib/import-form';
import { DataSourceSection } from './data-source-section';
import { FileDetailsSection } from './file-details-section';
import { ImportControlsSection } from './import-controls-section';
import { MoveToWaterDataAction } from './move-to-water-data';
import { ProcessingStatusSection } from './processing-status-section';

/**
 * The editor for one import source: `source` null = a new record. After a create it stays open
 * on the new record, so Processing Status and Run now are one click away.
 */
export function ImportEditor({
  source,
  onClose,
  onCreated,
  onDelete,
}: {
  source: ImportSource | null;
  onClose: () => void;
  onCreated: (importNdx: number) => void;
  onDelete: (source: ImportSource) => void;
}) {
  const create = useCreateImportSource();
  const update = useUpdateImportSource();
  const importNdx = source?.import_ndx ?? null;
  // A different record (or the same one after a save) replaces the values; list refreshes alone do not.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the record changes
  const loaded = useMemo(() => (source ? importFormValuesFrom(source) : newImportFormValues()), [importNdx]);
  const editor = useEntityEditor({
    loaded,
    isNew: importNdx === null,
    formSchema: importFormSchema,
    toBody: importFormToInput,
    bodySchema: importSourceInputSchema,
    save: (body): Promise<ImportSource | { created: number }> =>
      importNdx === null ? create.mutateAsync(body).then((c) => ({ created: c.import_ndx })) : update.mutateAsync({ importNdx, body }),
    valuesFromSaved: (saved) => ('created' in saved ? undefined : importFormValuesFrom(saved)),
    onSaved: (saved) => {
      if ('created' in saved) onCreated(saved.created);
    },
    savedMessage: importNdx === null ? EDIT_MESSAGES.created : EDIT_MESSAGES.updated,
    failedMessage: EDIT_MESSAGES.failed,
    saveRule: 'on-change',
    newRecordLabel: 'Save',
    mode: 'onTouched',
  });

  const heading = importNdx === null ? 'New Import Configuration' : `Editing Import Configuration "${importNdx}"`;

  return (
    <EditorDialog<ImportFormValues>
      title={heading}
      formId="import-editor-form"
      editor={editor}
      onClose={onClose}
      onDelete={source ? () => onDelete(source) : undefined}
      maxWidth="lg"
    >
      <Grid container spacing={2}>
        <Grid size={12} sx={{ '&:empty': { display: 'none' } }}>
          <MoveToWaterDataAction source={source} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <ImportControlsSection />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <DataSourceSection />
        </Grid>
        <Grid size={12}>
          <FileDetailsSection />
        </Grid>
        <Grid size={12}>
          <ProcessingStatusSection source={source} isDirty={editor.isDirty} />
        </Grid>
      </Grid>
    </EditorDialog>
  );
}
