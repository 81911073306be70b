import { Alert } from '@mui/material';

/** The words shown while a basemap is drawn from bundled data because it could not be loaded. */
export const BASEMAP_FALLBACK_NOTICE = 'Basemap unavailable: showing the offline basemap.';

/** A small notice at the top of the map, between its tool bars, while the basemap is the bundled fallback. */
export function BasemapFallbackNotice({ show }: { show: boolean }) {
  if (!show) return null;
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
      {BASEMAP_FALLBACK_NOTICE}
    </Alert>
  );
}
