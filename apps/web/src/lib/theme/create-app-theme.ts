import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeName } from './theme-names';

// The layout uses two extra wide breakpoints; teach MUI's types about them once, here.
declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
    xxxl: true;
  }
  interface Palette {
    sidebar: SidebarPalette;
  }
  interface PaletteOptions {
    sidebar?: SidebarPalette;
  }
}

export interface SidebarPalette {
  background: string;
  color: string;
  subheader: string;
  activeBackground: string;
  hoverBackground: string;
}

// System fonts only: the portal must render offline, so no web-font downloads.
const SYSTEM_FONTS = ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', '"Noto Sans"', 'sans-serif'].join(
  ',',
);

const BRAND = { main: '#0b6e99', dark: '#0b4f6c', light: '#4fc3f7', contrastText: '#ffffff' };

const SIDEBARS: Record<ThemeName, SidebarPalette> = {
  default: {
    background: '#0b2a3c',
    color: '#dbe9f1',
    subheader: '#8fb3c7',
    activeBackground: 'rgba(79, 195, 247, 0.18)',
    hoverBackground: 'rgba(255, 255, 255, 0.06)',
  },
  light: {
    background: '#ffffff',
    color: '#233044',
    subheader: '#607489',
    activeBackground: 'rgba(11, 110, 153, 0.12)',
    hoverBackground: 'rgba(11, 110, 153, 0.06)',
  },
  dark: {
    background: '#1b2635',
    color: '#e3e8ee',
    subheader: '#8d9bb0',
    activeBackground: 'rgba(79, 195, 247, 0.16)',
    hoverBackground: 'rgba(255, 255, 255, 0.05)',
  },
};

/** Builds one of the three themes with the shared breakpoints, spacing and typography. */
export function createAppTheme(name: ThemeName): Theme {
  const mode = name === 'dark' ? 'dark' : 'light';
  return createTheme({
    breakpoints: {
      values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1440, xxl: 1920, xxxl: 2560 },
    },
    spacing: 4,
    typography: {
      fontFamily: SYSTEM_FONTS,
      fontSize: 13,
      h1: { fontSize: '2rem', fontWeight: 600 },
      h2: { fontSize: '1.75rem', fontWeight: 600 },
      h3: { fontSize: '1.5rem', fontWeight: 600 },
      h4: { fontSize: '1.25rem', fontWeight: 600 },
      h5: { fontSize: '1.0625rem', fontWeight: 600 },
      h6: { fontSize: '0.9375rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    shape: { borderRadius: 6 },
    palette: {
      mode,
      primary: mode === 'dark' ? { main: '#4fc3f7', dark: '#0b6e99', light: '#81d4fa', contrastText: '#0b2a3c' } : BRAND,
      secondary: { main: '#2e7d32' },
      // MUI's orange (#ed6c02) is 2.9:1 on the page background; text in the warning colour (outlined
      // chips, status labels) needs 4.5:1, which this darker orange gives on white and on the page grey.
      ...(mode === 'light' && { warning: { main: '#a84d00' } }),
      background:
        mode === 'dark'
          ? { default: '#111a24', paper: '#1b2635' }
          : { default: name === 'light' ? '#fafbfc' : '#f4f7f9', paper: '#ffffff' },
      sidebar: SIDEBARS[name],
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiCard: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid rgba(127,127,127,0.18)' } } },
      // A disabled field's helper text says why it is disabled: it stays readable (4.5:1).
      MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
    },
  });
}
