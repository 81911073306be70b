import { Box, ButtonBase, CircularProgress, Typography } from '@mui/material';
import type { Basemap } from '@portal/contracts';

interface BasemapsSectionProps {
  basemaps: readonly Basemap[] | undefined;
  current: Basemap | null;
  switching: boolean;
  onSelect: (basemap: Basemap) => void;
}

/** The basemaps as preview tiles; the chosen one is outlined. */
export function BasemapsSection({ basemaps, current, switching, onSelect }: BasemapsSectionProps) {
  if (!basemaps?.length) return <Typography color="text.secondary">No basemaps available</Typography>;
  return (
    <Box
      role="radiogroup"
      aria-label="Basemaps"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(56px, 1fr))', gap: 2 }}
    >
      {basemaps.map((b) => {
        const selected = b.id === current?.id;
        return (
          <ButtonBase
            key={b.id}
            role="radio"
            aria-checked={selected}
            aria-label={b.name}
            onClick={() => onSelect(b)}
            sx={{
              flexDirection: 'column',
              borderRadius: 1,
              p: 0.5,
              border: '2px solid',
              borderColor: selected ? 'primary.main' : 'transparent',
            }}
          >
            <Box
              sx={{ position: 'relative', width: '100%', aspectRatio: '1', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
            >
              <Box
                component="img"
                src={b.previewUrl}
                alt=""
                // A preview that fails to load leaves the plain tile and the name, not a broken-image icon.
                onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              {selected && switching ? (
                <CircularProgress size={20} sx={{ position: 'absolute', inset: 0, m: 'auto' }} aria-label="Loading basemap" />
              ) : null}
            </Box>
            <Typography variant="caption" sx={{ mt: 0.5, fontWeight: selected ? 700 : 400 }}>
              {b.name}
            </Typography>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
