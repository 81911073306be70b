import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreated, ApiKeyList } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeThrottleCounter, makeUser } from '../../../test/factories';
import { OGC_LOC, ogcLocationId, seedOgcDistrict } from '../../../test/ogcapi-fixture';
import { deleteEndedApiKeys } from '../../tokens/api-key.repository';

type Json = Record<string, unknown>;

describe('personal API keys', () => {
  let h: TestApp;
  let adminToken: string;
  let roleIds: Record<string, string>;

  beforeAll(async () => {
    h = await createTestApp();
    await seedOgcDistrict(h.t.db);
    const admin = await makeUser(h.t.db, { role: 'Administrator' });
    adminToken = await h.tokenFor({ sub: admin.user_id, email: admin.email, roles: ['Administrator'] });
    const roles = await h.app.inject({ url: '/api/users-management/list-user-roles', headers: { authorization: `Bearer ${adminToken}` } });
    roleIds = Object.fromEntries(
      (roles.json() as { auth0_role_id: string; auth0_role_name: string }[]).map((r) => [r.auth0_role_name, r.auth0_role_id]),
    );
  }, 120_000);
  afterAll(async () => h?.close());

  /** A portal account with a role and facilities, and a signed-in token for it. */
  async function account(role: 'User' | 'Administrator' | 'All Data User', facilities: number[] = []) {
    const user = await makeUser(h.t.db, { role, facilities });
    const token = await h.tokenFor({ sub: user.user_id, email: user.email, roles: [role] });
    return { user, token };
  }
  async function makeKey(token: string, body: Json = { name: 'nightly script', lifetimeDays: 30 }) {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/account/api-keys',
      payload: body,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ApiKeyCreated;
  }
  const withKey = (
    url: string,
    key: string,
    how: 'x-api-key' | 'bearer' = 'x-api-key',
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET',
  ) => h.app.inject({ method, url, headers: how === 'x-api-key' ? { 'x-api-key': key } : { authorization: `Bearer ${key}` } });
  const featureIds = async (key: string | null, collection = 'monitoring-locations') => {
    const res = await h.app.inject({ url: `/ogcapi/collections/${collection}/items`, headers: key ? { 'x-api-key': key } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { features: { id: string }[] }).features.map((f) => f.id);
  };

  it('makes a key shown once, lists it without the secret, and reads the open data API and a read route with it', async () => {
    const { user, token } = await account('User');
    const made = await makeKey(token);
    expect(made.secret).toMatch(/^wp_[A-Za-z0-9_-]{43}$/);
    expect(made.secret.startsWith(made.key.shownPrefix)).toBe(true);
    expect(made.key.status).toBe('active');
    expect(Date.parse(made.key.expiresAt) - Date.parse(made.key.createdAt)).toBe(30 * 86_400_000);

    const list = await h.app.inject({ url: '/api/account/api-keys', headers: { authorization: `Bearer ${token}` } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.secret);
    expect((list.json() as ApiKeyList).keys.map((k) => k.id)).toEqual([made.key.id]);
    const stored = await sql<{
      hex: string;
    }>`select encode(secret_sha256, 'hex') as hex from api_key where api_key_ndx = ${made.key.id}`.execute(h.t.db);
    expect(stored.rows[0].hex).toHaveLength(64);
    expect(stored.rows[0].hex).not.toContain(made.secret.slice(3, 20));

    // The private location, which the anonymous public cannot read, is read with the key (both headers).
    expect(await featureIds(null)).not.toContain(ogcLocationId(OGC_LOC.private));
    expect(await featureIds(made.secret)).toContain(ogcLocationId(OGC_LOC.private));
    const bearer = await withKey(`/ogcapi/collections/continuous/items?monitoring_location_id=${OGC_LOC.private}`, made.secret, 'bearer');
    expect(bearer.statusCode, bearer.body).toBe(200);
    expect((bearer.json() as { features: unknown[] }).features.length).toBe(40);
    const read = await withKey('/api/display-list-facilities', made.secret);
    expect(read.statusCode, read.body).toBe(200);

    // Its use is recorded: last_used_at and one audit row, however many requests follow in the hour.
    await withKey('/api/display-list-facilities', made.secret);
    const after = (
      await h.app.inject({ url: '/api/account/api-keys', headers: { authorization: `Bearer ${token}` } })
    ).json() as ApiKeyList;
    expect(after.keys[0].lastUsedAt).not.toBeNull();
    const audit = await sql<{ action: string; n: number }>`
      select action, count(*)::int as n from audit_log where table_name = 'api_key' and row_key = ${String(made.key.id)} group by action order by action`.execute(
      h.t.db,
    );
    expect(audit.rows).toEqual([
      { action: 'insert', n: 1 },
      { action: 'update', n: 1 },
    ]);
    const actor = await sql<{
      actor_sub: string;
    }>`select actor_sub from audit_log where table_name = 'api_key' and row_key = ${String(made.key.id)}`.execute(h.t.db);
    expect(new Set(actor.rows.map((r) => r.actor_sub))).toEqual(new Set([user.user_id]));
  });

  it('reads exactly what its user reads: never another account’s authorised facilities', async () => {
    // Facility 2 holds the location excluded from the map: only Users authorised for it read it.
    const owner = await account('User', [2]);
    const stranger = await account('User', [1]);
    const ownerKey = (await makeKey(owner.token)).secret;
    const strangerKey = (await makeKey(stranger.token)).secret;
    expect(await featureIds(ownerKey)).toContain(ogcLocationId(OGC_LOC.excluded));
    expect(await featureIds(strangerKey)).not.toContain(ogcLocationId(OGC_LOC.excluded));
    const feature = await withKey(`/ogcapi/collections/monitoring-locations/items/${OGC_LOC.excluded}`, strangerKey);
    expect(feature.statusCode).toBe(404);
  });

  it('refuses writes, account pages and administration pages with a readable 403', async () => {
    const admin = await account('Administrator');
    const key = (await makeKey(admin.token)).secret;
    const write = await withKey('/api/account/api-keys', key, 'x-api-key', 'POST');
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ message: 'An API key only reads (GET): POST needs the signed-in web app' });
    const del = await withKey(`/api/data-list-locations/${OGC_LOC.public}`, key, 'bearer', 'DELETE');
    expect(del.statusCode).toBe(403);
    const keys = await withKey('/api/account/api-keys', key);
    expect(keys.statusCode).toBe(403);
    expect(keys.json()).toMatchObject({ message: 'An API key does not reach account and user pages' });
    expect((await withKey('/api/users-management/users', key)).statusCode).toBe(403);
    const adminPage = await withKey('/api/data-list-locations', key);
    expect(adminPage.statusCode).toBe(403);
    expect(adminPage.json()).toMatchObject({ message: 'An API key does not reach administration pages' });
    // The same administrator signed in reaches it.
    expect((await h.app.inject({ url: '/api/data-list-locations', headers: { authorization: `Bearer ${admin.token}` } })).statusCode).toBe(
      200,
    );
  });

  it('keeps keyed answers out of shared caches, and anonymous answers vary with X-Api-Key', async () => {
    const { token } = await account('User');
    const key = (await makeKey(token)).secret;
    const anonymous = await h.app.inject({ url: '/ogcapi/collections/monitoring-locations/items' });
    expect(String(anonymous.headers.vary)).toMatch(/^Authorization, (Accept, )?X-Api-Key$/);
    const keyed = await withKey('/ogcapi/collections/monitoring-locations/items', key);
    expect(keyed.headers['cache-control']).toMatch(/^private/);
    expect((await withKey('/api/display-list-facilities', key)).headers['cache-control']).toBe('private, no-store');
  });

  it('answers a wrong or malformed key with 401 and a readable message', async () => {
    const malformed = await withKey('/ogcapi/collections/monitoring-locations/items', 'wp_short');
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json()).toMatchObject({ code: 'Unauthorized', description: expect.stringContaining('This is not an API key') });
    const unknown = await withKey('/api/display-list-facilities', `wp_${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ message: expect.stringContaining('This API key is not known') });
    const empty = await h.app.inject({ url: '/api/display-list-facilities', headers: { 'x-api-key': '' } });
    expect(empty.statusCode).toBe(401);
    expect(empty.json()).toMatchObject({ message: expect.stringContaining('empty') });
  });

  it('stops a key at once when it is revoked, and another user cannot revoke it', async () => {
    const { token } = await account('User');
    const other = await account('User');
    const made = await makeKey(token);
    const foreign = await h.app.inject({
      method: 'DELETE',
      url: `/api/account/api-keys/${made.key.id}`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await withKey('/api/display-list-facilities', made.secret)).statusCode).toBe(200);
    const revoked = await h.app.inject({
      method: 'DELETE',
      url: `/api/account/api-keys/${made.key.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.statusCode).toBe(204);
    const refused = await withKey('/api/display-list-facilities', made.secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('revoked') });
    const list = (await h.app.inject({ url: '/api/account/api-keys', headers: { authorization: `Bearer ${token}` } })).json() as ApiKeyList;
    expect(list.keys[0].status).toBe('revoked');
  });

  it('stops a key at its expiry', async () => {
    const { token } = await account('User');
    const made = await makeKey(token);
    await sql`update api_key set created_at = now() - interval '31 days', expires_at = now() - interval '1 day' where api_key_ndx = ${made.key.id}`.execute(
      h.t.db,
    );
    const refused = await withKey('/ogcapi/collections/monitoring-locations/items', made.secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ description: expect.stringContaining('expired') });
  });

  it('stops a key when its user’s role changes, and when the account is deleted', async () => {
    const { user, token } = await account('All Data User');
    const key = (await makeKey(token)).secret;
    expect((await withKey('/api/display-mobile/wells', key)).statusCode).toBe(200);
    const change = await h.app.inject({
      method: 'PUT',
      url: '/api/users-management/users',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: {
        id: user.user_id,
        email: user.email,
        name: user.name,
        nickname: user.nickname,
        role: roleIds.User,
        landingPageNdx: user.landing_page_ndx,
        facilities: [],
      },
    });
    expect(change.statusCode, change.body).toBe(200);
    const refused = await withKey('/api/display-list-facilities', key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('account changed') });

    const gone = await account('User');
    const goneKey = (await makeKey(gone.token)).secret;
    expect((await withKey('/api/display-list-facilities', goneKey)).statusCode).toBe(200);
    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/users-management/users/${gone.user.user_id}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(del.statusCode, del.body).toBe(204);
    expect((await withKey('/api/display-list-facilities', goneKey)).statusCode).toBe(401);
    const left = await sql<{ n: number }>`select count(*)::int as n from api_key where user_id = ${gone.user.user_id}`.execute(h.t.db);
    expect(left.rows[0].n).toBe(0);
  });

  it('takes the user’s role as it is at the time of the request', async () => {
    const { user, token } = await account('User');
    const key = (await makeKey(token)).secret;
    expect((await withKey('/api/display-mobile/wells', key)).statusCode).toBe(403);
    // A role given without the version moving (an external tool writing the table): the key follows the role.
    await sql`update app_user set role_ndx = (select role_ndx from role where role_name = 'All Data User') where user_id = ${user.user_id}`.execute(
      h.t.db,
    );
    expect((await withKey('/api/display-mobile/wells', key)).statusCode).toBe(200);
  });

  it('lists ended keys for 90 days, after which the nightly clean-up removes them', async () => {
    const { token } = await account('User');
    const [old, recent, live] = [await makeKey(token), await makeKey(token), await makeKey(token)];
    await sql`update api_key set created_at = now() - interval '200 days', expires_at = now() - interval '100 days'
              where api_key_ndx = ${old.key.id}`.execute(h.t.db);
    await sql`update api_key set revoked_at = now() - interval '10 days' where api_key_ndx = ${recent.key.id}`.execute(h.t.db);
    expect(await deleteEndedApiKeys(h.t.db, new Date())).toBeGreaterThanOrEqual(1);
    const left = (await h.app.inject({ url: '/api/account/api-keys', headers: { authorization: `Bearer ${token}` } })).json() as ApiKeyList;
    expect(left.keys.map((k) => [k.id, k.status])).toEqual([
      [live.key.id, 'active'],
      [recent.key.id, 'revoked'],
    ]);
  });

  it('validates the form: a name and one of the offered lifetimes', async () => {
    const { token } = await account('User');
    const post = (payload: Json) =>
      h.app.inject({ method: 'POST', url: '/api/account/api-keys', payload, headers: { authorization: `Bearer ${token}` } });
    const noName = await post({ name: '  ', lifetimeDays: 30 });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain('Give the key a name');
    const forever = await post({ name: 'x', lifetimeDays: 3650 });
    expect(forever.statusCode).toBe(400);
    expect(forever.body).toContain('30, 90 or 365 days');
    const anonymous = await h.app.inject({ method: 'POST', url: '/api/account/api-keys', payload: { name: 'x', lifetimeDays: 30 } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts every use of a key against its own per-minute limit, with Retry-After', async () => {
    const { token } = await account('User');
    const made = await makeKey(token);
    // Fill the key's window as 300 requests would have, then one more request is refused.
    await makeThrottleCounter(h.t.db, { key: `rate:apiKey:key:${made.key.id}`, attempts: 300 });
    const refused = await withKey('/api/display-list-facilities', made.secret);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('with this API key') });
    const ogc = await withKey('/ogcapi/collections/monitoring-locations/items', made.secret);
    expect(ogc.statusCode).toBe(429);
    expect(ogc.json()).toMatchObject({ code: 'TooManyRequests' });
  });
});
