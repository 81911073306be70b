import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { THEME_NAMES, type ThemeName } from '../../lib/theme/theme-names';
import { useThemeMode } from '../../lib/theme/theme-mode';

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

/** The top bar's theme menu. */
export function ThemeMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <ThemeMenuItems onChosen={onClose} />
    </Menu>
  );
}
