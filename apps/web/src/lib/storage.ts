/**
 * localStorage access that never throws: private browsing modes and disabled storage must
 * not break the chrome, they only lose the remembered preference.
 */
export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Preference is kept for this page view only.
  }
}

export const STORAGE_KEYS = {
  theme: 'portal.theme',
  sidebarCollapsed: 'portal.sidebarCollapsed',
} as const;
