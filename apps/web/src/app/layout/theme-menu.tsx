import { lazy, Suspense } from 'react';
import { IconButton } from '@mui/material';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import { Hint } from '../../components/ui/hint';
import { useDeferredMenu } from '../../components/ui/use-deferred-menu';

/** The menu (its items, the menu component) loads when the button is first pointed at, focused or pressed. */
const loadThemeMenu = () => import('./theme-menu-items');
const ThemeMenu = lazy(async () => ({ default: (await loadThemeMenu()).ThemeMenu }));

export function ThemeMenuButton({ color = 'inherit' }: { color?: 'inherit' | 'default' }) {
  const menu = useDeferredMenu(loadThemeMenu);
  return (
    <>
      <Hint title="Theme">
        <IconButton color={color} aria-label="Change theme" {...menu.buttonProps}>
          <PaletteOutlinedIcon />
        </IconButton>
      </Hint>
      {menu.opened ? (
        <Suspense fallback={null}>
          <ThemeMenu anchor={menu.anchor} onClose={menu.close} />
        </Suspense>
      ) : null}
    </>
  );
}
