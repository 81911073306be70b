import { Box, Stack, Typography } from '@mui/material';
import { MOBILE_MISSING_DATA_COLOR, MOBILE_NOT_APPLICABLE } from '@portal/contracts';

const swatch = { width: 28, height: 20, border: 1, borderColor: 'divider', display: 'grid', placeItems: 'center', fontSize: 14 } as const;

/** Missing Data yellow, Not Collecting blank, Not Applicable '-'. */
export function TrackerLegend() {
  const items = [
    { label: 'Missing Data', box: <Box sx={{ ...swatch, bgcolor: MOBILE_MISSING_DATA_COLOR }} /> },
    { label: 'Not Collecting', box: <Box sx={swatch} /> },
    { label: 'Not Applicable', box: <Box sx={swatch}>{MOBILE_NOT_APPLICABLE}</Box> },
  ];
  return (
    <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }} data-testid="mobile-legend" aria-label="Legend">
      {items.map((i) => (
        <Stack key={i.label} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {i.box}
          <Typography variant="body2">{i.label}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}
