import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, rolesFromClaim, rolesFromTokens, safeReturnPath } from './auth';

const CLAIM = 'https://water-portal/roles';

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function fakeJwt(payload: unknown): string {
  return `${base64Url({ alg: 'RS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

describe('decodeJwtPayload', () => {
  it('reads the base64url JSON payload, including non-ASCII text', () => {
    const token = fakeJwt({ sub: 'u1', name: 'José Núñez', [CLAIM]: ['Developer'] });
    expect(decodeJwtPayload(token)).toEqual({ sub: 'u1', name: 'José Núñez', [CLAIM]: ['Developer'] });
  });

  it('returns null for opaque or malformed tokens', () => {
    expect(decodeJwtPayload('opaque-token')).toBeNull();
    expect(decodeJwtPayload('a.%%%.c')).toBeNull();
    expect(decodeJwtPayload(`x.${base64Url([1, 2])}.y`)).toBeNull();
    expect(decodeJwtPayload(undefined)).toBeNull();
  });
});

describe('roles from tokens', () => {
  it('takes the roles list from the access token claim', () => {
    const token = fakeJwt({ [CLAIM]: ['Administrator', 'User'] });
    expect(rolesFromTokens(token, undefined, CLAIM)).toEqual(['Administrator', 'User']);
  });

  it('accepts a single string and drops non-string entries', () => {
    expect(rolesFromClaim('User')).toEqual(['User']);
    expect(rolesFromClaim(['User', 3, null, ''])).toEqual(['User']);
    expect(rolesFromClaim({ role: 'User' })).toEqual([]);
  });

  it('falls back to the ID token profile when the access token lacks the claim', () => {
    expect(rolesFromTokens('opaque', { [CLAIM]: ['Developer'] }, CLAIM)).toEqual(['Developer']);
  });

  it('gives no roles when neither token has the claim', () => {
    expect(rolesFromTokens(fakeJwt({ sub: 'x' }), { sub: 'x' }, CLAIM)).toEqual([]);
  });

  it('trusts an empty claim in the access token over the profile', () => {
    expect(rolesFromTokens(fakeJwt({ [CLAIM]: [] }), { [CLAIM]: ['Developer'] }, CLAIM)).toEqual([]);
  });
});

describe('safeReturnPath', () => {
  it('keeps same-site paths with query and hash', () => {
    expect(safeReturnPath('/secret?tab=1#top')).toBe('/secret?tab=1#top');
  });

  it('rejects other origins, protocol-relative and auth pages', () => {
    expect(safeReturnPath('https://evil.example/')).toBeNull();
    expect(safeReturnPath('//evil.example/')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('/login?returnTo=/x')).toBeNull();
    expect(safeReturnPath('/auth/callback')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});
