import { roleFlags } from '@portal/contracts';
import type { AuthUser } from '../tokens/token-verifier';

/**
 * Who may read which location, facility and series (decision 0012). This file holds the rule
 * as plain decisions; access.repository.ts turns them into SQL. New code calls these, never
 * writes its own version (one home per concept, docs/architecture.md).
 */

/** The caller as the access rule sees it: the token's subject (null when anonymous) and its roles. */
export interface Caller {
  sub: string | null;
  roles: readonly string[];
}

/** The caller of a request (`request.user`, null when no token was sent). */
export function callerOf(user: Pick<AuthUser, 'sub' | 'roles'> | null | undefined): Caller {
  return user ? { sub: user.sub, roles: user.roles } : { sub: null, roles: [] };
}

/** How far a caller reaches, each step answered by one SQL predicate. */
export interface AccessReach {
  /** Private locations (not public, not excluded): any staff role. */
  privateLocations: boolean;
  /** Locations excluded from the map: 'all', only those of the caller's authorised facilities, or none. */
  excludedLocations: 'all' | 'authorised-facilities' | 'none';
  /** Facilities (pages, summary, dashboard, query & download): 'all', the authorised ones, or none. */
  facilities: 'all' | 'authorised' | 'none';
}

/** The rule of decision 0012, decided from the roles alone (the authorised facilities are rows of user_facility). */
export function reachOf(caller: Caller): AccessReach {
  const flags = roleFlags(caller.roles);
  const hasUserRole = caller.roles.includes('User');
  // A User's authorised facilities are keyed by the token's subject: without one there are none.
  const authorised = hasUserRole && caller.sub !== null;
  return {
    privateLocations: flags.isStaff,
    excludedLocations: flags.isAdmin || flags.isAllDataUser ? 'all' : authorised ? 'authorised-facilities' : 'none',
    // All Data User reads every facility's data (Query & Download, facility lists); the web still
    // offers facility pages only to User, Administrator and Developer.
    facilities: flags.isAdmin || flags.isAllDataUser ? 'all' : authorised ? 'authorised' : 'none',
  };
}

/**
 * Maps and reports list the locations on the map (never one excluded from it). Which of those a
 * caller may read depends only on whether private locations are in reach, so feeds are built
 * (and cached) once per audience rather than per caller.
 */
export type MapAudience = 'public' | 'staff';

export function mapAudienceOf(caller: Caller): MapAudience {
  return reachOf(caller).privateLocations ? 'staff' : 'public';
}
