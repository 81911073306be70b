/**
 * The one rule for a caller's roles, read the same way by the API (after verifying the token) and
 * by the web app (for what it shows). Roles come from the roles claim of the access token only:
 * that is the token the API verifies, so the web never shows a role the API would not grant (an
 * ID token's claims are not consulted). The claim holds a list of role names, or one name as a
 * string (some providers write a single value so); entries that are not text, and empty names,
 * are dropped; any other value, or no claim, means no roles.
 */
export function rolesFromClaim(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.length > 0);
  return [];
}

/** The roles of an access token, from its (decoded) payload and the name of the roles claim. */
export function rolesFromAccessToken(payload: Readonly<Record<string, unknown>> | null | undefined, rolesClaim: string): string[] {
  return rolesFromClaim(payload?.[rolesClaim]);
}
