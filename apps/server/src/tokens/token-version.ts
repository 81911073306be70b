import { InvalidTokenError, type TokenVerifier } from './token-verifier';
import type { TokenVersions } from './token-versions';

/** The access-token claim holding the account's token version (absent: version 0). */
export const TOKEN_VERSION_CLAIM = 'token_version';
/** The access-token claim naming the provider grant (one per browser sign-in session) it was issued under. */
export const GRANT_ID_CLAIM = 'grant_id';

/** The account's state could not be read (the database is unavailable); carries the database error. */
export class AccountCheckUnavailable extends Error {
  constructor(readonly cause: unknown) {
    super('The account of this token could not be checked');
  }
}

/**
 * Refuses access tokens issued before their account was deleted or given another role
 * (docs/decisions/0016-system-management-and-users.md): the token's version must be the
 * account's current one, as `versions` knows it: every process forgets an account's version the
 * moment it changes (tokens/token-versions.ts), so a change takes effect on the next request in
 * every process.
 */
export function refusingRevokedTokens(verify: TokenVerifier, versions: TokenVersions): TokenVerifier {
  return async (token) => {
    const user = await verify(token);
    let current: number;
    try {
      current = await versions.current(user.sub);
    } catch (cause) {
      // Not the token's fault: the error handler answers a database outage with 503.
      throw new AccountCheckUnavailable(cause);
    }
    const carried = user.claims[TOKEN_VERSION_CLAIM];
    if ((typeof carried === 'number' ? carried : 0) !== current) {
      throw new InvalidTokenError('This access token was issued before the account was changed or removed: sign in again');
    }
    return user;
  };
}
