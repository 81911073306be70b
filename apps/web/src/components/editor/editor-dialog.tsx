import type { ReactNode } from 'react';
import { Box, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { EditorActions } from './editor-actions';

interface Props<V extends FieldValues> {
  title: string;
  formId: string;
  editor: {
    form: UseFormReturn<V>;
    submit: () => Promise<void>;
    canSave: boolean;
    submitting: boolean;
    saveLabel: string;
  };
  onClose: () => void;
  /** Left out for a new record. */
  onDelete?: () => void;
  maxWidth?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}

/** An editor in a dialog: title, the form's fields (scrolling), then Delete, Cancel and Save. */
export function EditorDialog<V extends FieldValues>({ title, formId, editor, onClose, onDelete, maxWidth = 'md', children }: Props<V>) {
  const titleId = `${formId}-title`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={maxWidth} scroll="paper" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <FormProvider {...editor.form}>
        <DialogContent dividers>
          <Box component="form" id={formId} noValidate onSubmit={editor.submit}>
            {children}
          </Box>
        </DialogContent>
      </FormProvider>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <EditorActions
          formId={formId}
          saveLabel={editor.saveLabel}
          canSave={editor.canSave}
          submitting={editor.submitting}
          onClose={onClose}
          closeLabel="Cancel"
          onDelete={onDelete}
        />
      </DialogActions>
    </Dialog>
  );
}
