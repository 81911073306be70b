import { rolesFromAccessToken, ROUTES, SILENT_CALLBACK_PATH } from '@portal/contracts';

/** Where the hidden iframe of a silent renew lands; main.tsx handles it before React starts. */
export { SILENT_CALLBACK_PATH };

/** What we keep in the OIDC `state` across the redirect. */
export interface SignInState {
  returnTo?: string;
}

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads a JWT's payload without verifying it. Display only: the server verifies every token
 * it receives, so the client may trust this for showing or hiding things, never for access.
 */
export function decodeJwtPayload(token: string | null | undefined): Record<string, unknown> | null {
  const parts = token?.split('.');
  if (!parts || parts.length !== 3) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The user's roles: the access token's roles claim, read by the rule the API applies (rolesFromAccessToken). */
export function rolesFromTokens(accessToken: string | null | undefined, rolesClaim: string): string[] {
  return rolesFromAccessToken(decodeJwtPayload(accessToken), rolesClaim);
}

/**
 * Keeps return paths on this site: a relative path starting with one slash. Anything else
 * (absolute URLs, protocol-relative '//host', the auth pages themselves) yields null.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  const path = value.split(/[?#]/)[0];
  const authPaths: string[] = [ROUTES.LOGIN, ROUTES.AUTH_CALLBACK, ROUTES.LOGOUT, SILENT_CALLBACK_PATH];
  return authPaths.includes(path) ? null : value;
}
