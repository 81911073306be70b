import { useMemo } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import { measureDrawings, type DrawnFeature } from '../lib/measurements';
import { NO_MEASUREMENT } from '../lib/units';

interface Props {
  features: DrawnFeature[];
  onReset: () => void;
  onHide: () => void;
}

function Row({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      <Typography variant="body2" data-measure={name} sx={{ fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The latest measurement of each kind of drawing; Reset clears the drawings, Hide hides the box. */
export function MeasurementsBox({ features, onReset, onHide }: Props) {
  const m = useMemo(() => measureDrawings(features), [features]);
  const area = m.polygonAcres === NO_MEASUREMENT ? NO_MEASUREMENT : `${m.polygonAcres} acres (${m.polygonSquareFeet} ft²)`;
  return (
    <Paper elevation={3} role="region" aria-label="Measurements" sx={{ p: 2, width: 360, maxWidth: 'calc(100vw - 100px)' }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Measurements
      </Typography>
      <Row
        name="circle-radius"
        label="Circle radius"
        value={m.circleRadiusFeet === NO_MEASUREMENT ? NO_MEASUREMENT : `${m.circleRadiusFeet} ft`}
      />
      <Row name="line-length" label="Line length" value={m.lineLengthFeet === NO_MEASUREMENT ? NO_MEASUREMENT : `${m.lineLengthFeet} ft`} />
      <Row name="polygon-area" label="Polygon total area" value={area} />
      <Row name="point" label="Point" value={m.point} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
        <Button size="small" onClick={onReset}>
          Reset
        </Button>
        <Button size="small" onClick={onHide}>
          Hide
        </Button>
      </Box>
    </Paper>
  );
}
