import { hasAnyRole, type RoleName } from './roles';

/**
 * Who may open a web page or call an API route, declared once for both: everyone ('public'), any
 * signed-in user ('authenticated'), or signed-in users holding one of the roles. The web's page
 * table (apps/web/src/app/pages/page-table.tsx) declares one per page and the API's routes one
 * per route (config.access, listed in docs/api-access.md); decideAccess is the one decision.
 */
export type Access = 'public' | 'authenticated' | readonly RoleName[];

/** Who is asking: signed in or not, and the roles of their access token (rolesFromAccessToken). */
export interface Viewer {
  isAuthenticated: boolean;
  roles: readonly string[];
}

/**
 * 'allowed'; 'sign-in' when nobody is signed in and the access needs someone (the API answers 401,
 * the web sends the user to sign in); 'forbidden' when the signed-in user lacks every listed role
 * (the API answers 403, the web shows the Unauthorized screen).
 */
export type AccessDecision = 'allowed' | 'sign-in' | 'forbidden';

export function decideAccess(access: Access, viewer: Viewer): AccessDecision {
  if (access === 'public') return 'allowed';
  if (!viewer.isAuthenticated) return 'sign-in';
  if (access === 'authenticated') return 'allowed';
  return hasAnyRole(viewer.roles, access) ? 'allowed' : 'forbidden';
}

/** Whether `viewer` may open or call what `access` guards (menus show only these). */
export function canOpen(access: Access, viewer: Viewer): boolean {
  return decideAccess(access, viewer) === 'allowed';
}

/** The roles an access lists ([] for 'public' and 'authenticated'), for messages. */
export function rolesOf(access: Access): readonly RoleName[] {
  return typeof access === 'string' ? [] : access;
}
