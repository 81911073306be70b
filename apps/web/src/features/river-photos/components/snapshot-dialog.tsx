import { Box, Dialog } from '@mui/material';

interface SnapshotDialogProps {
  open: boolean;
  src: string;
  alt: string;
  onClose: () => void;
}

/** The snapshot filling the window; a click anywhere, or Escape, closes it. */
export function SnapshotDialog({ open, src, alt, onClose }: SnapshotDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      onClick={onClose}
      maxWidth={false}
      slotProps={{
        paper: {
          'aria-label': `${alt}, full size`,
          sx: { m: 1, bgcolor: 'transparent', boxShadow: 'none', backgroundImage: 'none', cursor: 'zoom-out', overflow: 'hidden' },
        },
      }}
    >
      <Box
        component="img"
        src={src}
        alt={`${alt}, full size`}
        title="Click to close"
        // As large as the window allows, whatever the camera's resolution, keeping its proportions.
        sx={{ display: 'block', width: 'calc(100vw - 16px)', height: 'calc(100vh - 16px)', objectFit: 'contain' }}
      />
    </Dialog>
  );
}
