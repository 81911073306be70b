import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { API_KEY_HEADER, API_KEY_PATTERN, API_KEY_PREFIX, API_KEY_SHOWN_CHARS } from '@portal/contracts';
import type { Db } from '../db/client';
import { unauthorized } from '../http/errors';
import { findKeyHolder, recordKeyUse } from './api-key.repository';
import type { AuthUser } from './token-verifier';

/** A new key: `wp_` and 32 random bytes in base64url; only its SHA-256 is stored. */
export function newApiKey(): { secret: string; sha256: Buffer; shownPrefix: string } {
  const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { secret, sha256: sha256Of(secret), shownPrefix: secret.slice(0, API_KEY_SHOWN_CHARS) };
}

export function sha256Of(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/**
 * The API key a request carries, if any: the X-Api-Key header, or a bearer credential that starts
 * with the key prefix (access tokens are JWTs and never do). A request carrying both a key and a
 * bearer token is refused, so it is never unclear whose access it uses.
 */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[API_KEY_HEADER];
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (header !== undefined) {
    if (request.headers.authorization) throw unauthorized('Send an API key or an access token, not both');
    const key = [header].flat().join(',').trim();
    if (!key) throw unauthorized('The X-Api-Key header is empty: send the whole key, starting with wp_');
    return key;
  }
  return bearer?.startsWith(API_KEY_PREFIX) ? bearer : undefined;
}

/** How the use of keys is recorded: last_used_at to this granularity, an audit row at most this often per key. */
export interface KeyUseRecording {
  touchEveryMs: number;
  auditEveryMs: number;
}
export const DEFAULT_KEY_USE_RECORDING: KeyUseRecording = { touchEveryMs: 60_000, auditEveryMs: 3_600_000 };

export type ApiKeyVerifier = (key: string, request: FastifyRequest) => Promise<AuthUser>;

/**
 * Resolves a key to its user as the user is now: their current role, refused when the key is
 * unknown, revoked, expired, made before the account's token version moved (role change,
 * password change, removal) or the account is disabled. Each refusal says which, in words.
 */
export function createApiKeyVerifier(db: Db, recording = DEFAULT_KEY_USE_RECORDING, now: () => Date = () => new Date()): ApiKeyVerifier {
  return async (key, request) => {
    if (!API_KEY_PATTERN.test(key)) {
      throw unauthorized('This is not an API key: a key is wp_ followed by 43 letters, digits, - or _. Copy it whole.');
    }
    const holder = await findKeyHolder(db, sha256Of(key));
    const at = now();
    if (!holder) throw unauthorized('This API key is not known: it may have been deleted with its account, or mistyped');
    if (holder.revoked_at) throw unauthorized('This API key was revoked: make a new one on the Your Account page');
    if (holder.expires_at <= at) {
      throw unauthorized(
        `This API key expired on ${holder.expires_at.toISOString().slice(0, 10)}: make a new one on the Your Account page`,
      );
    }
    if (holder.key_version !== holder.account_version) {
      throw unauthorized('This API key stopped working when its account changed (role, password or removal): make a new one');
    }
    if (holder.disabled) throw unauthorized('The account of this API key is disabled');
    const stale = (since: Date | null, ms: number) => since === null || since.getTime() <= at.getTime() - ms;
    if (stale(holder.last_used_at, recording.touchEveryMs)) {
      await recordKeyUse(db, {
        keyId: holder.api_key_ndx,
        userId: holder.user_id,
        email: holder.email,
        at,
        what: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
        ...recording,
      });
    }
    return {
      sub: holder.user_id,
      email: holder.email,
      roles: holder.role_name ? [holder.role_name] : [],
      claims: {},
      apiKeyId: holder.api_key_ndx,
    };
  };
}
