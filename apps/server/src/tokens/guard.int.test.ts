import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app';
import { registerGuard } from './guard';

describe('authorization guard (real tokens, real database)', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp();
  });
  afterAll(async () => h.close());

  const get = (url: string, token?: string) =>
    h.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('answers 401 without a token on a protected route, with the one error shape', async () => {
    const res = await get('/api/display-list-facilities');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized', message: 'Sign-in required: send a bearer access token' });
  });

  it('answers 401 for a malformed header, a forged token, an expired token and a wrong audience', async () => {
    expect((await h.app.inject({ url: '/api/auth/me', headers: { authorization: 'Token abc' } })).statusCode).toBe(401);
    expect((await get('/api/auth/me', 'not.a.jwt')).statusCode).toBe(401);
    const expired = await h.tokenFor({ roles: ['Administrator'], expiresIn: '-1m' });
    const res = await get('/api/auth/me', expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('The access token is invalid or has expired');
    expect((await get('/api/auth/me', await h.tokenFor({ roles: ['Administrator'], audience: 'someone-else' }))).statusCode).toBe(401);
    const good = await h.tokenFor({ roles: ['Administrator'] });
    const [header, payload] = good.split('.');
    expect((await get('/api/auth/me', `${header}.${payload}.AAAA`)).statusCode).toBe(401);
  });

  it('answers 401 for a token without exp, with a typ other than at+jwt, unsigned (alg none) or from another issuer', async () => {
    const noExp = await h.tokenFor({ roles: ['Administrator'], expiresIn: null });
    expect((await get('/api/auth/me', noExp)).statusCode).toBe(401);
    // An ID token has typ JWT; it must not open the API even when signed by the same issuer.
    const idTokenLike = await h.tokenFor({ roles: ['Administrator'], typ: 'JWT' });
    expect((await get('/api/auth/me', idTokenLike)).statusCode).toBe(401);
    const good = await h.tokenFor({ roles: ['Administrator'] });
    expect((await get('/api/auth/me', good)).statusCode).toBe(200);
    const [, payload] = good.split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    expect((await get('/api/auth/me', `${none}.${payload}.`)).statusCode).toBe(401);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const edited = Buffer.from(JSON.stringify({ ...claims, [h.config.oidc.rolesClaim]: ['Developer'] })).toString('base64url');
    const [header, , signature] = (await h.tokenFor({ roles: ['User'] })).split('.');
    expect((await get('/api/auth/me', `${header}.${edited}.${signature}`)).statusCode).toBe(401);
    const foreign = await h.tokenFor({ roles: ['Administrator'], issuer: 'https://idp.example.org' });
    expect((await get('/api/auth/me', foreign)).statusCode).toBe(401);
  });

  it('answers 403 for a valid token without the role, 200 with it (role matrix)', async () => {
    const matrix: Array<[string[], number]> = [
      [[], 403],
      [['Unknown Role'], 403],
      [['User'], 200],
      [['All Data User'], 200],
      [['Administrator'], 200],
      [['Developer'], 200],
    ];
    for (const [roles, status] of matrix) {
      const res = await get('/api/display-list-facilities', await h.tokenFor({ roles }));
      expect(res.statusCode, `roles ${roles.join(',') || '(none)'}`).toBe(status);
      if (status === 403) expect(res.json().error).toBe('Forbidden');
    }
  });

  it('reads the roles claim by the shared rule: one role name as a string counts, an empty one gives no roles', async () => {
    expect((await get('/api/display-list-facilities', await h.tokenFor({ roles: 'Administrator' }))).statusCode).toBe(200);
    const me = await get('/api/auth/me', await h.tokenFor({ roles: 'User' }));
    expect(me.json().roles).toEqual(['User']);
    expect((await get('/api/display-list-facilities', await h.tokenFor({ roles: '' }))).statusCode).toBe(403);
  });

  it('lets any valid token read /api/auth/me, and nobody without one', async () => {
    const res = await get('/api/auth/me', await h.tokenFor({ sub: 'usr_nobody', roles: [], email: 'x@example.org' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sub: 'usr_nobody', roles: [], email: 'x@example.org', landingPagePath: null });
  });

  it('serves public routes without a token and still rejects a bad one there', async () => {
    expect((await get('/api/config')).statusCode).toBe(200);
    expect((await get('/api/config', 'garbage')).statusCode).toBe(401);
  });

  it('refuses a route under /api that does not declare its access', async () => {
    const app = Fastify();
    registerGuard(app, async () => {
      throw new Error('unused');
    });
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(/does not declare who may call it/);
    expect(() => app.get('/api/declared', { config: { access: 'public' } }, async () => ({}))).not.toThrow();
    await app.close();
  });
});
