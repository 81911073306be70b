import type { ReactNode } from 'react';
import { Drawer } from '@mui/material';

/** Below md the sidebar is a temporary drawer over the page, closed by choosing an entry, Escape or the backdrop. */
export function NavigationDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: false }}
      slotProps={{ paper: { 'aria-label': 'Navigation' } }}
    >
      {children}
    </Drawer>
  );
}
