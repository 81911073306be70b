import { useId, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

interface Props {
  /** Open while set. */
  open: boolean;
  /** The question, e.g. 'Delete location "Big Ditch"?'. */
  title: string;
  /** What deleting does, or when the server refuses it. */
  children: ReactNode;
  /** True while the delete is under way: the button waits. */
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a record is deleted: Cancel, or Delete in the error colour. */
export function ConfirmDeleteDialog({ open, title, children, pending, onConfirm, onCancel }: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={pending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
