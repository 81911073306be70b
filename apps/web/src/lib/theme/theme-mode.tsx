import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { createAppTheme } from './create-app-theme';
import { resolveThemeName, type ThemeName } from './theme-names';
import { readLocal, STORAGE_KEYS, writeLocal } from '../storage';

interface ThemeModeValue {
  themeName: ThemeName;
  setThemeName: (name: ThemeName) => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

/** Applies the chosen theme and remembers it in localStorage. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [themeName, setThemeNameState] = useState<ThemeName>(() => resolveThemeName(readLocal(STORAGE_KEYS.theme)));
  const theme = useMemo(() => createAppTheme(themeName), [themeName]);
  const setThemeName = useCallback((name: ThemeName) => {
    setThemeNameState(name);
    writeLocal(STORAGE_KEYS.theme, name);
  }, []);
  const value = useMemo(() => ({ themeName, setThemeName }), [themeName, setThemeName]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside ThemeModeProvider');
  return value;
}
