import { CircularProgress, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { Basemap } from '@portal/contracts';
import type { BasemapState } from './use-basemap';

/**
 * The basemap buttons over a small map (facility map, Locations Setup map) and the spinner shown
 * while the map or a new basemap loads. Placed in the map's positioned container.
 */
export function BasemapToggle({ basemaps, basemap, loading }: { basemaps: readonly Basemap[]; basemap: BasemapState; loading: boolean }) {
  return (
    <>
      {basemaps.length > 1 ? (
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Basemap"
          value={basemap.current?.id ?? null}
          onChange={(_, id: number | null) => {
            const chosen = basemaps.find((b) => b.id === id);
            if (chosen) basemap.select(chosen);
          }}
          sx={{ position: 'absolute', top: 10, left: 10, zIndex: 2, bgcolor: 'background.paper', boxShadow: 2 }}
        >
          {basemaps.map((b) => (
            <ToggleButton key={b.id} value={b.id} sx={{ px: 1.5, py: 0.5, textTransform: 'none' }}>
              {b.name}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      ) : null}
      {basemap.switching || loading ? (
        <CircularProgress size={24} aria-label="Loading map" sx={{ position: 'absolute', top: 14, right: 52, zIndex: 2 }} />
      ) : null}
    </>
  );
}
