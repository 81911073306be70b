import { Box, Link } from '@mui/material';
import TrackChangesIcon from '@mui/icons-material/TrackChanges';
import type { RadiusCentre } from '../lib/radius-centre';

/** The popup's 'Radius Rings Here' link: centres the Radius Tool on the location the popup shows. */
export function RadiusPopupAction({ location, onUse }: { location: RadiusCentre | null; onUse: (location: RadiusCentre) => void }) {
  if (!location) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Link
        component="button"
        type="button"
        variant="caption"
        onClick={() => onUse(location)}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
      >
        <TrackChangesIcon sx={{ fontSize: 14 }} />
        Radius Rings Here
      </Link>
    </Box>
  );
}
