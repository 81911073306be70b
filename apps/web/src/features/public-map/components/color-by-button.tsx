import { lazy, Suspense } from 'react';
import { Button } from '@mui/material';
import PaletteIcon from '@mui/icons-material/Palette';
import type { ColorByStyle, LocationTypeFilterOption } from '@portal/contracts';
import { Hint } from '../../../components/ui/hint';
import { useDeferredMenu } from '../../../components/ui/use-deferred-menu';

/** The menu loads when the button is first pointed at, focused or pressed. */
const loadColorByMenu = () => import('./color-by-menu');
const ColorByMenu = lazy(async () => ({ default: (await loadColorByMenu()).ColorByMenu }));

interface ColorByButtonProps {
  value: ColorByStyle;
  /** The styles offered (the location types only to staff). */
  styles: readonly ColorByStyle[];
  onChange: (style: ColorByStyle) => void;
  locationTypes: readonly LocationTypeFilterOption[];
  /** Icon only, 'Color by' in a tooltip and as the button's accessible name (a narrow toolbar). */
  compact?: boolean;
}

/**
 * 'Color by': one blue for every location, a colour per location type (staff) or the latest
 * value's percentile class, each with its legend.
 */
export function ColorByButton({ value, styles, onChange, locationTypes, compact = false }: ColorByButtonProps) {
  const menu = useDeferredMenu(loadColorByMenu);
  return (
    <>
      <Hint title={compact ? 'Color by' : ''}>
        <Button
          variant="outlined"
          size="small"
          startIcon={compact ? undefined : <PaletteIcon />}
          aria-label={compact ? 'Color by' : undefined}
          {...menu.buttonProps}
          sx={compact ? { minWidth: 0 } : undefined}
        >
          {compact ? <PaletteIcon fontSize="small" /> : 'Color by'}
        </Button>
      </Hint>
      {menu.opened ? (
        <Suspense fallback={null}>
          <ColorByMenu
            anchor={menu.anchor}
            onClose={menu.close}
            value={value}
            styles={styles}
            onChange={onChange}
            locationTypes={locationTypes}
          />
        </Suspense>
      ) : null}
    </>
  );
}
