import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signIn } from '../../../test/oidc-flow';
import { loadConfig } from '../../config';
import { seedDemoDistrict } from '../../seed/seed-demo';
import { usersManagementMode } from './users-management.routes';
import { changeUser } from './users-management.service';
import { freePort } from '../../../test/server-process';

type Json = Record<string, unknown>;

describe('Users Management API against the embedded provider', () => {
  let h: TestApp;
  let base: string;
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  let facilities: number[];

  beforeAll(async () => {
    const port = await freePort();
    h = await createTestApp({ PORT: String(port) });
    await h.app.listen({ port, host: '127.0.0.1' });
    base = h.config.publicUrl;
    await seedDemoDistrict(h.t.db, {
      anchor: new Date('2026-03-01T12:00:00Z'),
      demoPassword: 'test-password',
      fifteenMinuteDays: 1,
      dailyYears: 0.02,
    });
    const users = await h.t.db
      .selectFrom('app_user')
      .innerJoin('role', 'role.role_ndx', 'app_user.role_ndx')
      .select(['user_id', 'email', 'role_name'])
      .execute();
    for (const u of users) {
      ids[u.role_name] = u.user_id;
      tokens[u.role_name] = await h.tokenFor({ sub: u.user_id, email: u.email, roles: [u.role_name] });
    }
    facilities = (await h.t.db.selectFrom('facility').select('facility_ndx').orderBy('facility_ndx').execute()).map((f) => f.facility_ndx);
  }, 120_000);
  afterAll(async () => h.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, role: string | null = 'Administrator') =>
    h.app.inject({ method, url, payload: payload as object, headers: role ? { authorization: `Bearer ${tokens[role]}` } : {} });
  const newUser = (over: Json = {}) => ({
    email: `u${Math.random().toString(36).slice(2, 8)}@example.org`,
    name: 'Pat Person',
    nickname: 'pat',
    password: 'long enough 1',
    role: 'rol_user',
    landingPageNdx: 1,
    facilities: [facilities[0], facilities[1]],
    ...over,
  });
  const asUpdate = (u: Json, over: Json = {}) => ({
    id: u.auth0_user_id,
    email: u.auth0_email,
    name: u.auth0_name,
    nickname: u.auth0_nickname,
    role: u.assigned_role,
    landingPageNdx: u.assigned_landing_page,
    facilities: u.associated_facilities,
    ...over,
  });
  const refusal = (res: { statusCode: number; json: () => { message: string } }) => ({
    status: res.statusCode,
    message: res.json().message,
  });
  const signInAs = (email: string, password: string) => signIn(base, h.config.oidc.clientId, h.config.oidc.audience, email, password);

  it('refuses every user rule with its message', async () => {
    const cases: [Json, string][] = [
      [{ name: ' ' }, 'body.name: Requires Full-name'],
      [{ nickname: undefined }, 'body.nickname: Requires Nickname'],
      [{ email: 'not-an-address' }, 'body.email: Requires Email'],
      [{ password: '' }, 'body.password: Requires Password'],
      [{ password: 'short12' }, 'body.password: Must be at least 8 characters'],
      [{ landingPageNdx: undefined }, 'body.landingPageNdx: Requires Landing Page'],
      [{ landingPageNdx: 999 }, 'Landing page 999 does not exist'],
      [{ role: 'rol_nobody' }, 'Role rol_nobody does not exist'],
      [{ facilities: [999999] }, 'Facility 999999 does not exist'],
      [{ role: 'rol_administrator', landingPageNdx: 2 }, 'Landing page 2 is not offered to the Administrator role; use landing page 1'],
      [{ email: 'ADMIN@demo.local' }, 'A user with the e-mail ADMIN@demo.local already exists'],
    ];
    for (const [over, message] of cases)
      expect(refusal(await call('POST', '/api/users-management/users', newUser(over))), JSON.stringify(over)).toEqual({
        status: over.email === 'ADMIN@demo.local' ? 409 : 400,
        message,
      });
  });

  it('creates a user who signs in at once, lands on their page and reads only their facilities', async () => {
    const input = newUser({ landingPageNdx: 4 });
    const res = await call('POST', '/api/users-management/users', input);
    expect(res.statusCode).toBe(201);
    const created = res.json() as Json;
    expect(created).toMatchObject({
      auth0_email: input.email,
      assigned_role: 'rol_user',
      assigned_landing_page: 4,
      associated_facilities: [facilities[0], facilities[1]],
    });
    expect(
      await h.t.db
        .selectFrom('app_user')
        .select('password_hash')
        .where('user_id', '=', created.auth0_user_id as string)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({
      password_hash: expect.stringMatching(/^\$argon2id\$/),
    });
    const tokensOfNew = await (await signInAs(input.email, input.password)).finish();
    expect(decodeJwt(tokensOfNew.access_token)[h.config.oidc.rolesClaim]).toEqual(['User']);
    const auth = { authorization: `Bearer ${tokensOfNew.access_token}` };
    expect(await (await fetch(`${base}/api/auth/me`, { headers: auth })).json()).toMatchObject({ landingPagePath: '/facility-pages' });
    const visible = (await (await fetch(`${base}/api/display-list-facilities`, { headers: auth })).json()) as { facility_ndx: number }[];
    expect(visible.map((f) => f.facility_ndx).sort((a, b) => a - b)).toEqual([facilities[0], facilities[1]]);
    const audit = await h.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('table_name', '=', 'app_user')
      .where('row_key', '=', created.auth0_user_id as string)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['insert']);
    expect(JSON.stringify(audit[0].after)).not.toContain(input.password);
  });

  it('applies a role change at the next sign-in and audits it', async () => {
    const input = newUser();
    const created = (await call('POST', '/api/users-management/users', input)).json() as Json;
    const updated = await call(
      'PUT',
      '/api/users-management/users',
      asUpdate(created, { role: 'rol_all_data_user', landingPageNdx: 3, facilities: [] }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ assigned_role: 'rol_all_data_user', assigned_landing_page: 3, associated_facilities: [] });
    const next = await (await signInAs(input.email, input.password)).finish();
    expect(decodeJwt(next.access_token)[h.config.oidc.rolesClaim]).toEqual(['All Data User']);
    const audit = await h.t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('row_key', '=', created.auth0_user_id as string)
      .orderBy('audit_ndx')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['insert', 'update']);
    expect(audit[1].before).toMatchObject({ assigned_role: 'rol_user' });
  });

  it('deletes a user: sign-in is refused and their provider sessions and grants are gone', async () => {
    const input = newUser();
    const created = (await call('POST', '/api/users-management/users', input)).json() as Json;
    const userId = created.auth0_user_id as string;
    await (await signInAs(input.email, input.password)).finish();
    const held = sql<{ n: number }>`select count(*)::int as n from oidc_payload where payload->>'accountId' = ${userId}`;
    expect((await held.execute(h.t.db)).rows[0].n).toBeGreaterThan(0);
    expect((await call('DELETE', `/api/users-management/users/${userId}`)).statusCode).toBe(204);
    expect((await held.execute(h.t.db)).rows[0].n).toBe(0);
    const again = await signInAs(input.email, input.password);
    expect(again.loginResponse.status).toBe(401);
    expect(again.loginHtml).toContain('The e-mail address or password is not correct.');
    expect((await call('DELETE', `/api/users-management/users/${userId}`)).statusCode).toBe(404);
  });

  it('never lets a user raise their own role', async () => {
    const me = ((await call('GET', '/api/users-management/users')).json() as Json[]).find((u) => u.auth0_user_id === ids.Administrator)!;
    expect(refusal(await call('PUT', '/api/users-management/users', asUpdate(me, { role: 'rol_developer' })))).toEqual({
      status: 403,
      message: 'You cannot raise your own role',
    });
    const dev = ((await call('GET', '/api/users-management/users')).json() as Json[]).find((u) => u.auth0_user_id === ids.Developer)!;
    expect((await call('PUT', '/api/users-management/users', asUpdate(dev, { nickname: 'dev2' }), 'Developer')).statusCode).toBe(200);
  });

  it('keeps the last Administrator: no delete, no demotion', async () => {
    const admin = ((await call('GET', '/api/users-management/users')).json() as Json[]).find((u) => u.auth0_user_id === ids.Administrator)!;
    expect(refusal(await call('DELETE', `/api/users-management/users/${ids.Administrator}`, undefined, 'Developer'))).toEqual({
      status: 409,
      message: 'The last Administrator cannot be deleted',
    });
    expect(refusal(await call('PUT', '/api/users-management/users', asUpdate(admin, { role: 'rol_user' }), 'Developer'))).toEqual({
      status: 409,
      message: 'The last Administrator cannot be given another role',
    });
    const second = (await call('POST', '/api/users-management/users', newUser({ role: 'rol_administrator' }))).json() as Json;
    expect(
      (await call('PUT', '/api/users-management/users', asUpdate(admin, { role: 'rol_user', landingPageNdx: 1 }), 'Developer')).statusCode,
    ).toBe(200);
    expect(refusal(await call('DELETE', `/api/users-management/users/${second.auth0_user_id as string}`, undefined, 'Developer'))).toEqual({
      status: 409,
      message: 'The last Administrator cannot be deleted',
    });
    expect((await call('PUT', '/api/users-management/users', asUpdate(admin, { role: 'rol_administrator' }), 'Developer')).statusCode).toBe(
      200,
    );
    // Each role change voided the Administrator's tokens: the old one is refused, a new one works.
    expect((await call('GET', '/api/users-management/users')).statusCode).toBe(401);
    tokens.Administrator = await h.tokenFor({ sub: ids.Administrator, email: 'admin@demo.local', roles: ['Administrator'] });
    expect((await call('GET', '/api/users-management/users')).statusCode).toBe(200);
  });

  it('lets nobody give a role above their own, on any path that sets one, nor touch an account above theirs', async () => {
    expect(refusal(await call('POST', '/api/users-management/users', newUser({ role: 'rol_developer' })))).toEqual({
      status: 403,
      message: 'An Administrator cannot give anyone the Developer role',
    });
    const plain = (await call('POST', '/api/users-management/users', newUser())).json() as Json;
    expect(refusal(await call('PUT', '/api/users-management/users', asUpdate(plain, { role: 'rol_developer' })))).toEqual({
      status: 403,
      message: 'An Administrator cannot give anyone the Developer role',
    });
    const dev = ((await call('GET', '/api/users-management/users')).json() as Json[]).find((u) => u.auth0_user_id === ids.Developer)!;
    expect(refusal(await call('PUT', '/api/users-management/users', asUpdate(dev, { nickname: 'lowered?' })))).toEqual({
      status: 403,
      message: 'An Administrator cannot change a Developer account',
    });
    expect(refusal(await call('DELETE', `/api/users-management/users/${ids.Developer}`))).toEqual({
      status: 403,
      message: 'An Administrator cannot delete a Developer account',
    });
    // Up to their own rank is allowed, and a Developer may give every role.
    expect(
      (await call('PUT', '/api/users-management/users', asUpdate(plain, { role: 'rol_administrator', landingPageNdx: 1 }))).statusCode,
    ).toBe(200);
    const byDeveloper = await call('POST', '/api/users-management/users', newUser({ role: 'rol_developer' }), 'Developer');
    expect(byDeveloper.statusCode).toBe(201);
    for (const u of [plain, byDeveloper.json() as Json]) {
      expect((await call('DELETE', `/api/users-management/users/${u.auth0_user_id as string}`, undefined, 'Developer')).statusCode).toBe(
        204,
      );
    }
  });

  it('does not let an All Data User create, promote, change or delete Administrators and Developers', async () => {
    const ad = 'All Data User';
    expect(refusal(await call('POST', '/api/users-management/users', newUser({ role: 'rol_administrator' }), ad))).toEqual({
      status: 403,
      message: 'An All Data User cannot give anyone the Administrator role',
    });
    expect(refusal(await call('POST', '/api/users-management/users', newUser({ role: 'rol_developer' }), ad))).toEqual({
      status: 403,
      message: 'An All Data User cannot give anyone the Developer role',
    });
    const plain = (await call('POST', '/api/users-management/users', newUser(), ad)).json() as Json;
    expect(plain.assigned_role).toBe('rol_user');
    expect(refusal(await call('PUT', '/api/users-management/users', asUpdate(plain, { role: 'rol_developer' }), ad))).toEqual({
      status: 403,
      message: 'An All Data User cannot give anyone the Developer role',
    });
    expect(refusal(await call('DELETE', `/api/users-management/users/${ids.Developer}`, undefined, ad))).toEqual({
      status: 403,
      message: 'An All Data User cannot delete a Developer account',
    });
    expect((await call('DELETE', `/api/users-management/users/${plain.auth0_user_id as string}`, undefined, ad)).statusCode).toBe(204);
  });

  it('serves lookups to managers and a landing page path without a token', async () => {
    expect((await call('GET', '/api/users-management/list-user-roles')).json()).toEqual([
      { auth0_role_id: 'rol_administrator', auth0_role_name: 'Administrator' },
      { auth0_role_id: 'rol_developer', auth0_role_name: 'Developer' },
      { auth0_role_id: 'rol_user', auth0_role_name: 'User' },
      { auth0_role_id: 'rol_all_data_user', auth0_role_name: 'All Data User' },
    ]);
    expect(((await call('GET', '/api/users-management/list-user-landing-pages')).json() as Json[]).length).toBeGreaterThanOrEqual(4);
    expect((await call('GET', '/api/users-management/list-user-landing-pages/3', undefined, null)).json()).toMatchObject({
      landing_page_path: '/dashboards/mobile-dashboard',
    });
    // "Home" is the home dashboard, not the public landing page at '/'.
    expect((await call('GET', '/api/users-management/list-user-landing-pages/2', undefined, null)).json()).toMatchObject({
      landing_page_name: 'Home',
      landing_page_path: '/dashboards/home',
    });
    expect((await call('GET', '/api/users-management/list-user-landing-pages/99', undefined, null)).statusCode).toBe(404);
    expect((await call('GET', '/api/users-management/users', undefined, 'User')).statusCode).toBe(403);
    expect((await call('GET', '/api/users-management/users', undefined, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/users-management/mode')).json()).toMatchObject({ provider: 'embedded', managedAtProvider: [] });
  });

  it('lets a signed-in user change their own password with the current one', async () => {
    const input = newUser();
    const created = (await call('POST', '/api/users-management/users', input)).json() as Json;
    const token = await h.tokenFor({ sub: created.auth0_user_id as string, roles: ['User'] });
    const put = (body: unknown) =>
      h.app.inject({ method: 'PUT', url: '/api/account/password', payload: body as object, headers: { authorization: `Bearer ${token}` } });
    expect(refusal(await put({ currentPassword: 'wrong password', newPassword: 'another pass 2' }))).toEqual({
      status: 400,
      message: 'The current password is not correct',
    });
    expect(refusal(await put({ currentPassword: input.password, newPassword: 'short' }))).toEqual({
      status: 400,
      message: 'body.newPassword: Must be at least 8 characters',
    });
    expect((await put({ currentPassword: input.password, newPassword: 'another pass 2' })).statusCode).toBe(204);
    expect((await signInAs(input.email, input.password)).loginResponse.status).toBe(401);
    await (await signInAs(input.email, 'another pass 2')).finish();
  });

  it('with an external provider changes only the landing page and facilities, and says what lives where', async () => {
    const external = usersManagementMode(
      loadConfig({ OIDC_ISSUER: 'https://id.example.org/', OIDC_AUDIENCE: 'https://portal.example.org/api' }),
    );
    expect(external).toEqual({
      provider: 'external',
      issuer: 'https://id.example.org',
      managedHere: ['landing page', 'facilities'],
      managedAtProvider: ['name', 'nickname', 'email', 'password', 'role', 'creating and deleting accounts'],
    });
    const created = (await call('POST', '/api/users-management/users', newUser())).json() as Json;
    const caller = { sub: ids.Administrator, email: 'admin@demo.local', roles: ['Administrator'] };
    const input = {
      ...asUpdate(created, { name: 'Changed', role: 'rol_developer', landingPageNdx: 3, facilities: [facilities[2]] }),
    } as Parameters<typeof changeUser>[2];
    const after = await changeUser(h.t.db, caller, input, false);
    expect(after).toMatchObject({
      auth0_name: created.auth0_name,
      assigned_role: 'rol_user',
      assigned_landing_page: 3,
      associated_facilities: [facilities[2]],
    });
  });
});
