/** Role names as they appear in the roles claim of an access token. */
export const ROLE_NAMES = ['Developer', 'Administrator', 'User', 'All Data User'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Admin roles: Developer counts as admin. */
export const ADMIN_ROLES: readonly RoleName[] = ['Administrator', 'Developer'];
/** Staff: any of the four roles. */
export const STAFF_ROLES: readonly RoleName[] = ROLE_NAMES;
/** Roles that count as a "normal signed-in user" on the protected wrapper. */
export const SIGNED_IN_ROLES: readonly RoleName[] = ['Administrator', 'Developer', 'User'];
/** Mobile dashboard and Users Management. */
export const MOBILE_DASHBOARD_ROLES: readonly RoleName[] = ['Administrator', 'Developer', 'All Data User'];
export const USERS_MANAGEMENT_ROLES: readonly RoleName[] = ['Administrator', 'Developer', 'All Data User'];
/** Per-facility-type facility pages in the sidebar. */
export const FACILITY_PAGES_ROLES: readonly RoleName[] = ['Administrator', 'Developer', 'User'];
/**
 * Data review: who edits (and approves); who may only read. Everybody else never sees the page
 * or its API. They live here, not beside the data review's schemas, so the page table (in every
 * page's first load) does not bring those schemas.
 */
export const DATA_REVIEW_EDIT_ROLES: readonly RoleName[] = ['Administrator', 'Developer'];
export const DATA_REVIEW_READ_ROLES: readonly RoleName[] = ['Administrator', 'Developer', 'All Data User'];
/** Only an Administrator (a Developer counts as one) unapproves. */
export const DATA_REVIEW_UNAPPROVE_ROLES: readonly RoleName[] = ['Administrator', 'Developer'];

export interface RoleFlags {
  isDeveloper: boolean;
  isAdmin: boolean;
  isUser: boolean;
  isStaff: boolean;
  isAllDataUser: boolean;
}

/** Derives the flags the UI and the guards use from a list of role names. */
export function roleFlags(roles: readonly string[]): RoleFlags {
  const has = (r: RoleName) => roles.includes(r);
  const isDeveloper = has('Developer');
  const isAdmin = isDeveloper || has('Administrator');
  return {
    isDeveloper,
    isAdmin,
    isUser: isAdmin || has('User'),
    isAllDataUser: has('All Data User'),
    isStaff: ROLE_NAMES.some(has),
  };
}

export function hasAnyRole(roles: readonly string[], allowed: readonly RoleName[]): boolean {
  return allowed.some((r) => roles.includes(r));
}
