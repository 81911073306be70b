import { useState } from 'react';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import CheckIcon from '@mui/icons-material/Check';
import { THEME_NAMES, type ThemeName } from '../../lib/theme/theme-names';
import { useThemeMode } from '../../lib/theme/theme-mode';
import { Hint } from '../../components/ui/hint';

export const THEME_LABELS: Record<ThemeName, string> = { default: 'Default', dark: 'Dark', light: 'Light' };

/** Theme choices as radio menu items; shared by the top bar menu and the user menu. */
export function ThemeMenuItems({ onChosen }: { onChosen?: () => void }) {
  const { themeName, setThemeName } = useThemeMode();
  return THEME_NAMES.map((name) => (
    <MenuItem
      key={name}
      role="menuitemradio"
      aria-checked={name === themeName}
      onClick={() => {
        setThemeName(name);
        onChosen?.();
      }}
    >
      <ListItemIcon>{name === themeName ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
      <ListItemText>{`${THEME_LABELS[name]} theme`}</ListItemText>
    </MenuItem>
  ));
}

export function ThemeMenuButton({ color = 'inherit' }: { color?: 'inherit' | 'default' }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Hint title="Theme">
        <IconButton color={color} aria-label="Change theme" aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
          <PaletteOutlinedIcon />
        </IconButton>
      </Hint>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <ThemeMenuItems onChosen={() => setAnchor(null)} />
      </Menu>
    </>
  );
}
