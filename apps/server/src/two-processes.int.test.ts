import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImportFixture, type ImportFixture } from '../test/import-fixtures';
import { makeLocation, makeUser } from '../test/factories';
import { CookieJar, signIn } from '../test/oidc-flow';
import { startRoundRobinProxy, type RoundRobinProxy } from '../test/round-robin-proxy';
import { freePort, startServerProcess, type ServerProcess } from '../test/server-process';
import { mailText, startSmtpTestServer, type SmtpTestServer } from '../test/smtp-test-server';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import { hashPassword } from './accounts/passwords';

const SOURCES = 4;
const ROWS = 96;
const PASSWORD = 'two processes 1';
// A revoked token is refused by every other process within this (decision 0049).
const REVOCATION_HEARD_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The documented scale-out (README "Several app processes"): two real server processes on one
 * external PostgreSQL behind a load balancer, both running the job workers. Sign-in state, keys
 * and jobs live in the database, so a token issued by one process works on the other, and every
 * job runs once whichever process takes it.
 */
describe('two app processes on one PostgreSQL', () => {
  let t: TestDatabase;
  let f: ImportFixture;
  let smtp: SmtpTestServer;
  let lb: RoundRobinProxy;
  let a: ServerProcess;
  let b: ServerProcess;
  const importRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'two-processes-'));
  const locations: number[] = [];

  beforeAll(async () => {
    t = await createTestDatabase();
    f = await createImportFixture(t.db);
    locations.push(...f.locations);
    const first = await t.db
      .selectFrom('location')
      .select(['location_type_ndx', 'waterbody_ndx'])
      .where('location_ndx', '=', f.locations[0])
      .executeTakeFirstOrThrow();
    for (let i = locations.length; i < SOURCES; i++) {
      const id = `IMP-${i + 1}`;
      const l = await makeLocation(t.db, {
        ...first,
        location_id: id,
        location_display_label: id,
        location_name: `Import test ${i + 1}`,
        latitude: null,
        longitude: null,
      });
      locations.push(l.location_ndx);
    }
    const account = { password_hash: await hashPassword(PASSWORD), landing_page_ndx: 1 };
    await makeUser(t.db, {
      ...account,
      user_id: 'usr_admin',
      name: 'Ada Admin',
      nickname: 'ada',
      email: 'admin@example.org',
      role: 'Administrator',
    });
    await makeUser(t.db, {
      ...account,
      user_id: 'usr_guessed',
      name: 'Gus Guessed',
      nickname: 'gus',
      email: 'guessed@example.org',
      role: 'User',
    });
    // Readings of the last day, 15 minutes apart; the newest value of the first gage is above the alert's trigger.
    const end = Math.floor(Date.now() / 900_000) * 900_000 - 900_000;
    for (let i = 0; i < SOURCES; i++) {
      const lines = Array.from(
        { length: ROWS },
        (_, k) => `${new Date(end - (ROWS - 1 - k) * 900_000).toISOString()},${i === 0 && k === ROWS - 1 ? 75 : 10 + (k % 7)}`,
      );
      fs.writeFileSync(path.join(importRoot, `gage-${i + 1}.csv`), `when,flow\n${lines.join('\n')}\n`);
    }
    const contacts = await t.db
      .insertInto('contact')
      .values(
        ['ops1@example.org', 'ops2@example.org'].map((address) => ({
          contact_address: address,
          contact_name: address,
          contact_org: 'District',
        })),
      )
      .returning('contact_ndx')
      .execute();
    const { group_ndx } = await t.db
      .insertInto('contact_group')
      .values({ group_desc: 'Operators' })
      .returning('group_ndx')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('contact_group_member')
      .values(contacts.map((c) => ({ group_ndx, contact_ndx: c.contact_ndx })))
      .execute();
    const alert = await t.db
      .insertInto('alert_request')
      .values({
        alert_type_ndx: 1,
        location_ndx: locations[0],
        parameter_ndx: f.parameterNdx,
        trigger_value: 50,
        reset_hours: 24,
        custom_subject: 'High flow at gage 1',
        custom_loc_name: null,
        notes: null,
        created_at: new Date(end - 86_400_000 * 2),
      })
      .returning('alert_request_ndx')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('alert_request_recipient')
      .values({ alert_request_ndx: alert.alert_request_ndx, group_ndx, contact_ndx: null })
      .execute();

    smtp = await startSmtpTestServer();
    const [portA, portB] = [await freePort(), await freePort()];
    lb = await startRoundRobinProxy([`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`]);
    // The same settings on both, as behind a real load balancer: one PUBLIC_URL, one DATABASE_URL.
    const env = {
      DATABASE_URL: t.url,
      PUBLIC_URL: lb.url,
      TRUST_PROXY: '127.0.0.1',
      IMPORT_ROOT: importRoot,
      SMTP_URL: smtp.url,
      ALERTS_FROM: 'Portal <alerts@example.org>',
      LOG_LEVEL: 'info',
    };
    [a, b] = await Promise.all([startServerProcess(env, { port: portA }), startServerProcess(env, { port: portB })]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await lb?.close();
    await smtp?.close();
    await t?.drop();
    fs.rmSync(importRoot, { recursive: true, force: true });
  });

  it('a token issued by one process works on the other; sign-in steps may land on either process', async () => {
    const served = lb.served.length;
    const flow = await signIn(lb.url, 'portal-web', `${lb.url}/api`, 'admin@example.org', PASSWORD, { tokenUrl: `${a.base}/oidc/token` });
    const tokens = await flow.finish();
    // The browser's steps went through the load balancer to both processes; the token came from A.
    expect(new Set(lb.served.slice(served).map((s) => s.backend))).toEqual(new Set([0, 1]));
    expect(decodeJwt(tokens.access_token)).toMatchObject({ iss: `${lb.url}/oidc`, aud: `${lb.url}/api`, sub: 'usr_admin' });
    for (const server of [b, a]) {
      const me = await fetch(`${server.base}/api/auth/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ sub: 'usr_admin', roles: ['Administrator'] });
    }
  });

  it('refuses at once, in the other process, a token whose account changed its password or role in one', async () => {
    await makeUser(t.db, {
      password_hash: await hashPassword(PASSWORD),
      landing_page_ndx: 1,
      user_id: 'usr_changing',
      name: 'Cam Changing',
      nickname: 'cam',
      email: 'changing@example.org',
      role: 'User',
    });
    const signedIn = async (email: string) =>
      (await (await signIn(lb.url, 'portal-web', `${lb.url}/api`, email, PASSWORD, { tokenUrl: `${a.base}/oidc/token` })).finish())
        .access_token;
    const me = (server: ServerProcess, token: string) =>
      fetch(`${server.base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    // How long after the change's answer the other process still takes the token: the time
    // PostgreSQL takes to hand the notification over (a few ms on a quiet machine).
    const refusedWithin = async (server: ServerProcess, token: string) => {
      const started = Date.now();
      while ((await me(server, token)) !== 401) {
        if (Date.now() - started > 5000) break;
        await sleep(5);
      }
      return Date.now() - started;
    };
    const admin = await signedIn('admin@example.org');
    // B has read (and remembers) the account's version before the change.
    const before = await signedIn('changing@example.org');
    expect([await me(b, before), await me(b, before)]).toEqual([200, 200]);
    const changed = await fetch(`${a.base}/api/account/password`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${before}`, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: PASSWORD, newPassword: `${PASSWORD} changed` }),
    });
    expect(changed.status).toBe(204);
    expect(await refusedWithin(b, before)).toBeLessThan(REVOCATION_HEARD_MS);
    expect(await me(a, before)).toBe(401);

    const fresh = (
      await (
        await signIn(lb.url, 'portal-web', `${lb.url}/api`, 'changing@example.org', `${PASSWORD} changed`, {
          tokenUrl: `${a.base}/oidc/token`,
        })
      ).finish()
    ).access_token;
    expect([await me(b, fresh), await me(b, fresh)]).toEqual([200, 200]);
    const promoted = await fetch(`${a.base}/api/users-management/users`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'usr_changing',
        email: 'changing@example.org',
        name: 'Cam Changing',
        nickname: 'cam',
        role: 'rol_administrator',
        landingPageNdx: 1,
        facilities: [],
      }),
    });
    expect(promoted.status).toBe(200);
    expect(await refusedWithin(b, fresh)).toBeLessThan(REVOCATION_HEARD_MS);
  });

  it('shares the sign-in throttle and the rate limits: two processes allow what one allows', async () => {
    // A browser that signed in before (its device cookie kept) then sends wrong passwords through
    // the load balancer: the sign-in posts land on both processes in turn, and the device's own
    // count allows 10 in all.
    const earlier = await signIn(lb.url, 'portal-web', `${lb.url}/api`, 'guessed@example.org', PASSWORD);
    expect(earlier.loginResponse.status).toBe(303);
    const device = earlier.jar.get('portal_device')!;
    const posts: number[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const served = lb.served.length;
      const jar = new CookieJar();
      jar.set('portal_device', device);
      const flow = await signIn(lb.url, 'portal-web', `${lb.url}/api`, 'guessed@example.org', 'wrong guess', { jar });
      statuses.push(flow.loginResponse.status);
      posts.push(
        ...lb.served
          .slice(served)
          .filter((s) => s.path.endsWith('/login'))
          .map((s) => s.backend),
      );
    }
    expect(new Set(posts)).toEqual(new Set([0, 1]));
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // The camera proxy allows 60 requests a minute from one address, whichever process answers.
    const camera = (server: ServerProcess) =>
      fetch(`${server.base}/api/river-photos`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ camera: 'nowhere' }),
      });
    const answers: number[] = [];
    for (let i = 0; i < 60; i++) answers.push((await camera([a, b][i % 2])).status);
    expect(answers.every((s) => s === 404)).toBe(true);
    expect((await camera(a)).status).toBe(429);
    expect((await camera(b)).status).toBe(429);
  });

  it('runs every job once across both workers: each import once, each alert message once', async () => {
    const tokens = await (
      await signIn(lb.url, 'portal-web', `${lb.url}/api`, 'admin@example.org', PASSWORD, { tokenUrl: `${a.base}/oidc/token` })
    ).finish();
    const auth = { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
    // The administrator's writes go to B with A's token.
    const sources: number[] = [];
    for (let i = 0; i < SOURCES; i++) {
      const res = await fetch(`${b.base}/api/import-data-sources`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          location_ndx: locations[i],
          parameter_ndx: f.parameterNdx,
          datasrc_ndx: f.dataSource.file,
          unit_ndx: f.unitNdx,
          enabled: false,
          run_now: false,
          history_days: 0,
          file_path: '',
          file_name: `gage-${i + 1}.csv`,
          file_fieldcount: 2,
          column_position_date: 0,
          column_position_value: 1,
        }),
      });
      expect(res.status).toBe(201);
      sources.push(((await res.json()) as { import_ndx: number }).import_ndx);
    }
    // Run now, once per source, alternately through each process; both workers compete for the jobs.
    for (const [i, importNdx] of sources.entries()) {
      const res = await fetch(`${[a, b][i % 2].base}/api/import-data-sources/${importNdx}/run-now`, {
        method: 'POST',
        headers: { authorization: auth.authorization },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ queued: true });
    }

    const runs = () => t.db.selectFrom('import_run').select(['import_ndx', 'status', 'rows_inserted']).orderBy('import_ndx').execute();
    for (let i = 0; i < 300 && ((await runs()).filter((r) => r.status === 'succeeded').length < SOURCES || smtp.received.length < 2); i++)
      await sleep(100);
    // Let both workers poll a few more times: nothing may run again.
    await sleep(5_000);

    expect(await runs()).toEqual(sources.map((import_ndx) => ({ import_ndx, status: 'succeeded', rows_inserted: ROWS })));
    const stored = await sql<{
      n: number;
      series: number;
    }>`select count(*)::int as n, count(distinct location_ndx)::int as series from observation`.execute(t.db);
    expect(stored.rows[0]).toEqual({ n: SOURCES * ROWS, series: SOURCES });
    // Each run was done by exactly one process, as its log says.
    const done = (p: ServerProcess) => [...p.output().matchAll(/"msg":"import (\d+): succeeded/g)].map((m) => Number(m[1]));
    expect([...done(a), ...done(b)].sort((x, y) => x - y)).toEqual(sources);

    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual(['ops1@example.org', 'ops2@example.org']);
    expect(mailText(smtp.received[0].raw)).toContain('Flow is 75');
    const events = await t.db.selectFrom('alert_event').select(['address', 'delivery_status', 'attempts']).orderBy('address').execute();
    expect(events).toEqual([
      { address: 'ops1@example.org', delivery_status: 'sent', attempts: 1 },
      { address: 'ops2@example.org', delivery_status: 'sent', attempts: 1 },
    ]);
  });
});
