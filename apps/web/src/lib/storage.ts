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

/** sessionStorage, as forgiving: lasts while the browser tab's session does. */
export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Asked again on the next visit: the safe side for a disclaimer.
  }
}

export const STORAGE_KEYS = {
  /** The map disclaimer was accepted in this browser session (sessionStorage). */
  disclaimerAccepted: 'portal.disclaimerAccepted',
  theme: 'portal.theme',
  sidebarCollapsed: 'portal.sidebarCollapsed',
} as const;
