import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client';
import { findSecret, insertSecretOnce } from './oidc.repository';

export interface IdpSecrets {
  /** Private signing keys (JWK with kid/alg/use). */
  jwks: { keys: JWK[] };
  cookieKeys: string[];
  /** The HMAC key of device cookies (device-cookies.ts). */
  deviceCookieKey: Buffer;
}

/**
 * Loads the embedded IdP's signing keys, cookie secrets and device-cookie key, creating them on first start.
 * Stored in the database so every process signs and verifies with the same keys.
 */
export async function loadIdpSecrets(db: Db): Promise<IdpSecrets> {
  let jwks = await findSecret<IdpSecrets['jwks']>(db, 'jwks');
  if (!jwks) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    jwks = await insertSecretOnce(db, 'jwks', {
      keys: [{ ...jwk, kid: crypto.randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }],
    });
  }
  let cookieKeys = await findSecret<string[]>(db, 'cookie_keys');
  if (!cookieKeys) {
    cookieKeys = await insertSecretOnce(db, 'cookie_keys', [crypto.randomBytes(32).toString('base64url')]);
  }
  let deviceKey = await findSecret<string>(db, 'device_cookie_key');
  if (!deviceKey) {
    deviceKey = await insertSecretOnce(db, 'device_cookie_key', crypto.randomBytes(32).toString('base64url'));
  }
  return { jwks, cookieKeys, deviceCookieKey: Buffer.from(deviceKey, 'base64url') };
}

/** The public half of the signing keys, for verifying access tokens locally. */
export function publicJwks(jwks: IdpSecrets['jwks']): { keys: JWK[] } {
  return {
    keys: jwks.keys.map(({ kty, n, e, kid, alg, use, crv, x, y }) =>
      Object.fromEntries(Object.entries({ kty, n, e, kid, alg, use, crv, x, y }).filter(([, v]) => v !== undefined)),
    ),
  };
}
