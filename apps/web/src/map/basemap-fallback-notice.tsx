import { lazy, Suspense } from 'react';

/** The words shown while a basemap is drawn from bundled data because it could not be loaded. */
export const BASEMAP_FALLBACK_NOTICE = 'Basemap unavailable: showing the offline basemap.';

// Most visitors never see the notice: its alert loads the first time a basemap falls back.
const BasemapFallbackAlert = lazy(async () => ({ default: (await import('./basemap-fallback-alert')).BasemapFallbackAlert }));

/** A small notice at the top of the map, between its tool bars, while the basemap is the bundled fallback. */
export function BasemapFallbackNotice({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <BasemapFallbackAlert>{BASEMAP_FALLBACK_NOTICE}</BasemapFallbackAlert>
    </Suspense>
  );
}
