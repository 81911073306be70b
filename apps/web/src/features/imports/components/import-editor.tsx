import { useEffect } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { FormProvider, useForm } from 'react-hook-form';
import type { ImportSource } from '@portal/contracts';
import { useCreateImportSource } from '../api/create-import-source';
import { useUpdateImportSource } from '../api/update-import-source';
import { importFormSchema, importFormToInput, importFormValuesFrom, newImportFormValues, type ImportFormValues } from '../lib/import-form';
import { DataSourceSection } from './data-source-section';
import { FileDetailsSection } from './file-details-section';
import { ImportControlsSection } from './import-controls-section';
import { MoveToWaterDataAction } from './move-to-water-data';
import { ProcessingStatusSection } from './processing-status-section';

const errorMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong');

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
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateImportSource();
  const update = useUpdateImportSource();
  const form = useForm<ImportFormValues>({
    resolver: zodResolver(importFormSchema, undefined, { raw: true }),
    defaultValues: source ? importFormValuesFrom(source) : newImportFormValues(),
    mode: 'onTouched',
  });
  const importNdx = source?.import_ndx ?? null;
  const { reset, formState } = form;

  // A different record (or the same one after a save) replaces the values; list refreshes alone do not.
  useEffect(() => {
    reset(source ? importFormValuesFrom(source) : newImportFormValues());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the record changes
  }, [importNdx, reset]);

  const handleSave = form.handleSubmit(async (values) => {
    try {
      const body = importFormToInput(values);
      if (importNdx === null) {
        const created = await create.mutateAsync(body);
        enqueueSnackbar('New entry was saved to the database', { variant: 'success' });
        onCreated(created.import_ndx);
      } else {
        const saved = await update.mutateAsync({ importNdx, body });
        reset(importFormValuesFrom(saved));
        enqueueSnackbar('New data was updated to the database', { variant: 'success' });
      }
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  });

  const heading = importNdx === null ? 'New Import Configuration' : `Editing Import Configuration "${importNdx}"`;
  const saveDisabled = formState.isSubmitting || (importNdx !== null && !formState.isDirty);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" scroll="paper" aria-labelledby="import-editor-title">
      <DialogTitle id="import-editor-title">{heading}</DialogTitle>
      <FormProvider {...form}>
        <DialogContent dividers>
          <Box component="form" id="import-editor-form" noValidate onSubmit={handleSave}>
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
                <ProcessingStatusSection source={source} isDirty={formState.isDirty} />
              </Grid>
            </Grid>
          </Box>
        </DialogContent>
      </FormProvider>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {source ? (
          <Button color="error" onClick={() => onDelete(source)} sx={{ mr: 'auto' }}>
            Delete
          </Button>
        ) : null}
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="import-editor-form" variant="contained" disabled={saveDisabled}>
          {formState.isSubmitting ? 'Saving' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
