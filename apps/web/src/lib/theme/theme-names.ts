/** The three themes. 'default' is a light page with the dark-blue sidebar. */
export const THEME_NAMES = ['default', 'dark', 'light'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const DEFAULT_THEME: ThemeName = 'default';

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

/**
 * Maps a stored or requested name to a theme. Unknown names are logged as a warning and fall
 * back to the default; a missing value silently means the default.
 */
export function resolveThemeName(value: string | null | undefined, warn: (message: string) => void = console.warn): ThemeName {
  if (value == null || value === '') return DEFAULT_THEME;
  if (isThemeName(value)) return value;
  warn(`Unknown theme "${value}"; falling back to the ${DEFAULT_THEME} theme.`);
  return DEFAULT_THEME;
}
