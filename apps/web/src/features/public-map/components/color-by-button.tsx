import { useState } from 'react';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import PaletteIcon from '@mui/icons-material/Palette';
import CheckIcon from '@mui/icons-material/Check';
import { DEFAULT_LOCATION_COLOR, type ColorByStyle, type LocationTypeFilterOption } from '@portal/contracts';
import { COLOR_BY_LABELS } from '../../../map/color-by';
import { PERCENTILE_CLASS_COLORS, PERCENTILE_CLASS_LEGEND } from '../../../map/percentile-class';
import { Hint } from '../../../components/ui/hint';

interface ColorByButtonProps {
  value: ColorByStyle;
  /** The styles offered (the location types only to staff). */
  styles: readonly ColorByStyle[];
  onChange: (style: ColorByStyle) => void;
  locationTypes: readonly LocationTypeFilterOption[];
  /** Icon only, 'Color by' in a tooltip and as the button's accessible name (a narrow toolbar). */
  compact?: boolean;
}

export function Swatch({ color }: { color: string }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: color, border: '1px solid rgba(0,0,0,0.3)' }}
    />
  );
}

/**
 * 'Color by': one blue for every location, a colour per location type (staff) or the latest
 * value's percentile class, each with its legend.
 */
export function ColorByButton({ value, styles, onChange, locationTypes, compact = false }: ColorByButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Hint title={compact ? 'Color by' : ''}>
        <Button
          variant="outlined"
          size="small"
          startIcon={compact ? undefined : <PaletteIcon />}
          aria-label={compact ? 'Color by' : undefined}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={compact ? { minWidth: 0 } : undefined}
        >
          {compact ? <PaletteIcon fontSize="small" /> : 'Color by'}
        </Button>
      </Hint>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { dense: true, 'aria-label': 'Color by' } }}
      >
        {styles.map((style) => (
          <MenuItem
            key={style}
            role="menuitemradio"
            aria-checked={value === style}
            selected={value === style}
            onClick={() => {
              onChange(style);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{value === style ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText
              primary={COLOR_BY_LABELS[style]}
              secondary={style === 'default' ? <Swatch color={DEFAULT_LOCATION_COLOR} /> : null}
            />
          </MenuItem>
        ))}
        {value === 'locationTypes' && locationTypes.length > 0 ? (
          <Box
            component="ul"
            aria-label="Location type colours"
            sx={{ listStyle: 'none', m: 0, px: 4, py: 1, maxHeight: 220, overflow: 'auto' }}
          >
            {locationTypes.map((t) => (
              <Box component="li" key={t.value} sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 0.5, fontSize: 12 }}>
                <Swatch color={t.color} />
                {t.display}
              </Box>
            ))}
          </Box>
        ) : null}
        {value === 'percentileClass' ? <PercentileClassLegend sx={{ px: 4, py: 1 }} /> : null}
      </Menu>
    </>
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
