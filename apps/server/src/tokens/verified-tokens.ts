import { InvalidTokenError, type AuthUser, type TokenVerifier } from './token-verifier';

export interface VerifiedTokensOptions {
  /** Most tokens remembered at once; the oldest is forgotten first. */
  maxEntries?: number;
  /** Longest a verification is trusted before the signature is checked again. */
  maxAgeMs?: number;
  now?: () => number;
}

interface Remembered {
  user: AuthUser;
  /** The token's own expiry (exp), epoch ms. */
  expiresAt: number;
  /** When the signature must be checked again, epoch ms. */
  recheckAt: number;
}

/**
 * Remembers tokens whose signature, issuer, audience and type were verified, so a signed-in
 * client's every request does not pay for an RSA verification again (about 150 µs, most of a
 * cached feed's cost). The rules that make this safe:
 * - only a token that verified is remembered, under its exact text: a changed token is a new one;
 * - a remembered token is refused from the moment its exp passes, as a verification would;
 * - a verification is trusted for `maxAgeMs` at most (5 minutes), so a signing key the issuer
 *   withdraws stops being honoured within that time even for tokens already seen;
 * - revocation is not remembered here: refusingRevokedTokens checks the account's token version
 *   on every request, outside this layer.
 * The user is frozen, since one object now serves many requests.
 */
export function rememberingVerifiedTokens(verify: TokenVerifier, options: VerifiedTokensOptions = {}): TokenVerifier {
  const maxEntries = options.maxEntries ?? 5_000;
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  const remembered = new Map<string, Remembered>();
  return async (token) => {
    const at = now();
    const known = remembered.get(token);
    if (known) {
      if (at >= known.expiresAt) {
        remembered.delete(token);
        throw new InvalidTokenError('The access token is invalid or has expired');
      }
      if (at < known.recheckAt) return known.user;
      remembered.delete(token);
    }
    const user = await verify(token);
    const exp = typeof user.claims.exp === 'number' ? user.claims.exp * 1000 : null;
    // A token without exp is never remembered (the verifier requires one; this does not rely on it).
    if (exp === null) return user;
    const frozen = Object.freeze({ ...user, roles: Object.freeze([...user.roles]) as string[], claims: Object.freeze({ ...user.claims }) });
    if (remembered.size >= maxEntries) remembered.delete(remembered.keys().next().value as string);
    remembered.set(token, { user: frozen, expiresAt: exp, recheckAt: at + maxAgeMs });
    return frozen;
  };
}
