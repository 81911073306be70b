import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { rolesFromAccessToken } from '@portal/contracts';
import type { AppConfig } from '../config';

/** The caller as the API sees them after verifying their bearer token. */
export interface AuthUser {
  sub: string;
  email: string | null;
  roles: string[];
  claims: JWTPayload;
  /** Set when the caller came with a personal API key (its api_key_ndx) instead of an access token. */
  apiKeyId?: number;
}

export class InvalidTokenError extends Error {}

export type TokenVerifier = (token: string) => Promise<AuthUser>;

type KeyGetter = Parameters<typeof jwtVerify>[1];

/**
 * Verifies bearer JWTs (signature, issuer, audience, typ, required expiry). With the embedded IdP the keys
 * are known locally; an external issuer's keys come from its discovery document's jwks_uri.
 */
export function createTokenVerifier(config: AppConfig['oidc'], localJwks?: JSONWebKeySet): TokenVerifier {
  let keys: KeyGetter | undefined = localJwks ? createLocalJWKSet(localJwks) : undefined;
  const getKeys = async (): Promise<KeyGetter> => {
    if (keys) return keys;
    const res = await fetch(`${config.issuer}/.well-known/openid-configuration`);
    if (!res.ok) throw new InvalidTokenError(`The identity provider's discovery document could not be read (${res.status})`);
    const meta = (await res.json()) as { jwks_uri?: string };
    if (!meta.jwks_uri) throw new InvalidTokenError('The identity provider publishes no jwks_uri');
    keys = createRemoteJWKSet(new URL(meta.jwks_uri));
    return keys;
  };
  return async (token) => {
    let payload: JWTPayload;
    try {
      // RFC 9068: an access token says it is one (typ at+jwt), so an ID token or another JWT
      // signed by the same issuer cannot stand in for it, and it always expires.
      ({ payload } = await jwtVerify(token, await getKeys(), {
        issuer: [config.issuer, `${config.issuer}/`],
        audience: config.audience,
        typ: config.accessTokenType,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (e) {
      if (e instanceof InvalidTokenError) throw e;
      throw new InvalidTokenError('The access token is invalid or has expired');
    }
    if (!payload.sub) throw new InvalidTokenError('The access token has no subject');
    const roles = rolesFromAccessToken(payload, config.rolesClaim);
    const email = typeof payload.email === 'string' ? payload.email : null;
    return { sub: payload.sub, email, roles, claims: payload };
  };
}
