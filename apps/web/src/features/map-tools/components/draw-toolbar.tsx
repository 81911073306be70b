import { Paper, ToggleButton, ToggleButtonGroup } from '@mui/material';
import PanToolAltIcon from '@mui/icons-material/PanToolAlt';
import PentagonIcon from '@mui/icons-material/Pentagon';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import PolylineIcon from '@mui/icons-material/Polyline';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import StraightenIcon from '@mui/icons-material/Straighten';
import type { ReactNode } from 'react';
import type { DrawMode } from '../hooks/use-terra-draw';
import { Hint } from '../../../components/ui/hint';

const TOOLS: { mode: DrawMode; label: string; icon: ReactNode }[] = [
  { mode: 'polygon', label: 'Draw polygon', icon: <PentagonIcon fontSize="small" /> },
  { mode: 'linestring', label: 'Draw line', icon: <PolylineIcon fontSize="small" /> },
  { mode: 'point', label: 'Draw point', icon: <PlaceOutlinedIcon fontSize="small" /> },
  { mode: 'circle', label: 'Draw circle', icon: <RadioButtonUncheckedIcon fontSize="small" /> },
  { mode: 'select', label: 'Select drawings', icon: <PanToolAltIcon fontSize="small" /> },
];

interface Props {
  mode: DrawMode;
  onModeChange: (mode: DrawMode) => void;
  measurementsOpen: boolean;
  onToggleMeasurements: () => void;
}

/**
 * The drawing tools over the map's top-left corner. Pressing the active tool again stops drawing, so
 * clicks go back to opening popups. The last button shows or hides the measurements box.
 */
export function DrawToolbar({ mode, onModeChange, measurementsOpen, onToggleMeasurements }: Props) {
  return (
    <Paper elevation={3} role="toolbar" aria-label="Drawing tools" sx={{ display: 'flex', flexDirection: 'column' }}>
      <ToggleButtonGroup
        orientation="vertical"
        exclusive
        size="small"
        value={mode === 'static' ? null : mode}
        onChange={(_, next: DrawMode | null) => onModeChange(next ?? 'static')}
      >
        {TOOLS.map((t) => (
          <Hint key={t.mode} title={t.label} placement="right">
            <ToggleButton value={t.mode} aria-label={t.label} sx={{ border: 0, borderRadius: 0 }}>
              {t.icon}
            </ToggleButton>
          </Hint>
        ))}
      </ToggleButtonGroup>
      <Hint title={measurementsOpen ? 'Hide measurements' : 'Show measurements'} placement="right">
        <ToggleButton
          value="measurements"
          size="small"
          selected={measurementsOpen}
          onChange={onToggleMeasurements}
          aria-label="Measurements"
          aria-pressed={measurementsOpen}
          sx={{ border: 0, borderTop: '1px solid', borderColor: 'divider', borderRadius: 0 }}
        >
          <StraightenIcon fontSize="small" />
        </ToggleButton>
      </Hint>
    </Paper>
  );
}
