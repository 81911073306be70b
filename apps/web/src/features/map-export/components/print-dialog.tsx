import { useState } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';

interface PrintDialogProps {
  open: boolean;
  onClose: () => void;
  /** Writes the PDF; rejects with a readable message when it cannot. */
  onDownload: (title: string) => Promise<void>;
  onError: (message: string) => void;
}

/** The print flow: a title (not validated), then Download PDF clears it and closes. */
export function PrintDialog({ open, onClose, onDownload, onError }: PrintDialogProps) {
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      await onDownload(title);
      setTitle('');
      onClose();
    } catch (error) {
      onError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="print-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="print-dialog-title">Print PDF</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !busy) void download();
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void download()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Download PDF
        </Button>
      </DialogActions>
    </Dialog>
  );
}
