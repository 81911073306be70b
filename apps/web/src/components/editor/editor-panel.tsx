import type { ReactNode } from 'react';
import { Alert, Box, Grid, Paper, Typography } from '@mui/material';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { EditorActions } from './editor-actions';

interface Props<V extends FieldValues> {
  /** The section's accessible name, e.g. 'Location editor'. */
  label: string;
  /** 'New Location' or 'Editing "name"'. */
  heading: string;
  /** A note above the form (what refers to the record). */
  note?: ReactNode;
  formId: string;
  editor: {
    form: UseFormReturn<V>;
    submit: () => Promise<void>;
    reset: () => void;
    canSave: boolean;
    canReset: boolean;
    submitting: boolean;
    saveLabel: string;
  };
  onClose: () => void;
  /** Left out for a new record. */
  onDelete?: () => void;
  /** The form's fields. */
  children: ReactNode;
  /** Beside the form on wide screens, below it on narrow ones (a map). */
  aside?: ReactNode;
}

/** An editor shown below its selection table: heading, note, fields, then Delete, Close, Reset and Save. */
export function EditorPanel<V extends FieldValues>({ label, heading, note, formId, editor, onClose, onDelete, children, aside }: Props<V>) {
  const formError = editor.form.formState.errors.root?.message;
  const form = (
    <FormProvider {...editor.form}>
      <Box component="form" id={formId} noValidate onSubmit={editor.submit}>
        {children}
      </Box>
    </FormProvider>
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-label={label}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {heading}
      </Typography>
      {note}
      {aside ? (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 6 }}>{form}</Grid>
          <Grid size={{ xs: 12, lg: 6 }}>{aside}</Grid>
        </Grid>
      ) : (
        form
      )}
      {formError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {formError}
        </Alert>
      ) : null}
      <Box sx={{ mt: 3 }}>
        <EditorActions
          formId={formId}
          saveLabel={editor.saveLabel}
          canSave={editor.canSave}
          submitting={editor.submitting}
          onReset={editor.reset}
          canReset={editor.canReset}
          onClose={onClose}
          onDelete={onDelete}
        />
      </Box>
    </Paper>
  );
}
