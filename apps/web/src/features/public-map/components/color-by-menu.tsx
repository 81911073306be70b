import { Box, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { DEFAULT_LOCATION_COLOR, type ColorByStyle, type LocationTypeFilterOption } from '@portal/contracts';
import { COLOR_BY_LABELS } from '../../../map/color-by';
import { PercentileClassLegend, Swatch } from './color-by-legend';

interface ColorByMenuProps {
  anchor: HTMLElement | null;
  onClose: () => void;
  value: ColorByStyle;
  styles: readonly ColorByStyle[];
  onChange: (style: ColorByStyle) => void;
  locationTypes: readonly LocationTypeFilterOption[];
}

/** The 'Color by' menu: the styles offered, the chosen one's legend under them. */
export function ColorByMenu({ anchor, onClose, value, styles, onChange, locationTypes }: ColorByMenuProps) {
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} slotProps={{ list: { dense: true, 'aria-label': 'Color by' } }}>
      {styles.map((style) => (
        <MenuItem
          key={style}
          role="menuitemradio"
          aria-checked={value === style}
          selected={value === style}
          onClick={() => {
            onChange(style);
            onClose();
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
  );
}
