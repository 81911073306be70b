import { Alert } from '@mui/material';
import type { ReactNode } from 'react';

/** The notice itself: a filled info alert at the top of the map, between its tool bars. */
export function BasemapFallbackAlert({ children }: { children: ReactNode }) {
  return (
    <Alert
      severity="info"
      variant="filled"
      role="status"
      data-testid="basemap-fallback-notice"
      sx={{
        position: 'absolute',
        top: 8,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 2,
        py: 0,
        px: 1.5,
        fontSize: 12,
        width: 'max-content',
        maxWidth: 'calc(100% - 112px)',
      }}
    >
      {children}
    </Alert>
  );
}
