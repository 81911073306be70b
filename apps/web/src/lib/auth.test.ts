import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, rolesFromTokens, safeReturnPath } from './auth';

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
    expect(rolesFromTokens(token, CLAIM)).toEqual(['Administrator', 'User']);
  });

  it('gives no roles for an opaque access token or one without the claim', () => {
    expect(rolesFromTokens('opaque', CLAIM)).toEqual([]);
    expect(rolesFromTokens(fakeJwt({ sub: 'x' }), CLAIM)).toEqual([]);
    expect(rolesFromTokens(undefined, CLAIM)).toEqual([]);
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
