import { Box, Typography } from '@mui/material';
import type { GraphResponse } from '@portal/contracts';

/** What the chart's reader needs to know about it: provisional stretches, and sampling of long ranges. */
export function ChartNotes({ chart }: { chart: GraphResponse['chart'] | undefined }) {
  if (!chart || (chart.provisional.length === 0 && !chart.downsampled)) return null;
  return (
    <Box sx={{ gridArea: 'notes', minWidth: 0, order: { xs: 1, sm: 0 }, mx: { xs: 2, sm: 0 } }}>
      {chart.provisional.length > 0 ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }} data-testid="provisional-note">
          Shaded: provisional data (qualifier P), subject to revision by the source agency.
        </Typography>
      ) : null}
      {chart.downsampled ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
          {`Chart shows ${chart.points.length.toLocaleString()} of ${chart.total.toLocaleString()} readings (shape-preserving sampling); the table and CSV hold every reading.`}
        </Typography>
      ) : null}
    </Box>
  );
}
