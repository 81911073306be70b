import { Alert, AlertTitle, Box, Stack, Typography } from '@mui/material';
import type { TriggerElevation } from '@portal/contracts';
import { formatTimestamp } from '../../../lib/time';

/**
 * The trigger-elevation banner: each well's trigger elevation (one decimal) beside its newest
 * water-level elevation. Shown for any facility whose wells have trigger elevations (decision 0017).
 */
export function TriggerElevationBanner({ wells }: { wells: TriggerElevation[] }) {
  if (wells.length === 0) return null;
  const below = wells.some((w) => w.water_elevation_ft !== null && w.water_elevation_ft < w.trigger_elevation_ft);
  return (
    <Alert severity={below ? 'warning' : 'info'} data-testid="trigger-elevation-banner" sx={{ mb: 3 }}>
      <AlertTitle>Trigger Elevations</AlertTitle>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1, md: 4 }}>
        {wells.map((w) => {
          const state =
            w.water_elevation_ft === null ? null : w.water_elevation_ft < w.trigger_elevation_ft ? 'below trigger' : 'above trigger';
          return (
            <Box key={w.location_ndx} data-testid="trigger-well">
              <Typography component="span" sx={{ fontWeight: 700 }}>
                {`${w.location_display_label} ${w.trigger_elevation_ft.toFixed(1)}`}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {w.water_elevation_ft === null
                  ? 'No water-level elevation'
                  : `Water level ${w.water_elevation_ft.toFixed(1)} ft, ${state} (${formatTimestamp(w.water_elevation_at)})`}
              </Typography>
            </Box>
          );
        })}
      </Stack>
    </Alert>
  );
}
