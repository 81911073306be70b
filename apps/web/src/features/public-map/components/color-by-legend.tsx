import { Box } from '@mui/material';
import { PERCENTILE_CLASS_COLORS, PERCENTILE_CLASS_LEGEND } from '../../../map/percentile-class';

/** A colour dot of a legend. */
export function Swatch({ color }: { color: string }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: color, border: '1px solid rgba(0,0,0,0.3)' }}
    />
  );
}

/** The legend of 'Percentile class': WaterWatch's classes of the latest daily value, driest first. */
export function PercentileClassLegend({ sx }: { sx?: object }) {
  return (
    <Box component="ul" aria-label="Percentile class colours" data-testid="percentile-class-legend" sx={{ listStyle: 'none', m: 0, ...sx }}>
      {PERCENTILE_CLASS_LEGEND.map(({ cls, label }) => (
        <Box component="li" key={cls} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25, fontSize: 12 }}>
          <Swatch color={PERCENTILE_CLASS_COLORS[cls]} />
          {label}
        </Box>
      ))}
    </Box>
  );
}
