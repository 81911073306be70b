import { Button, CircularProgress, Stack } from '@mui/material';

interface Props {
  /** The form element's id: Save submits it. */
  formId: string;
  saveLabel: string;
  canSave: boolean;
  submitting: boolean;
  /** Reset to the loaded record; left out where the editor has none. */
  onReset?: () => void;
  canReset?: boolean;
  /** Close (or Cancel) the editor. */
  onClose: () => void;
  closeLabel?: 'Close' | 'Cancel';
  /** Delete the record; left out for a new one. */
  onDelete?: () => void;
}

/** An editor's buttons: Delete at the start, then Close, Reset and Save. */
export function EditorActions({
  formId,
  saveLabel,
  canSave,
  submitting,
  onReset,
  canReset,
  onClose,
  closeLabel = 'Close',
  onDelete,
}: Props) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5, width: '100%', justifyContent: 'flex-end' }}>
      {onDelete ? (
        <Button color="error" onClick={onDelete} sx={{ mr: 'auto !important' }}>
          Delete
        </Button>
      ) : null}
      <Button onClick={onClose}>{closeLabel}</Button>
      {onReset ? (
        <Button onClick={onReset} disabled={!canReset}>
          Reset
        </Button>
      ) : null}
      <Button
        type="submit"
        form={formId}
        variant="contained"
        disabled={!canSave}
        startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {saveLabel}
      </Button>
    </Stack>
  );
}
