import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { createDb, type DbHandle } from './client';
import { migrateToLatest } from './migrate';
import { ReadReplicas } from './read-replicas';
import { hasReplayedTo, primaryWalPosition } from './replication.repository';
import { makeLocationType, makeWaterbody } from '../../test/factories';
import { startStreamingPair, type StreamingPair } from '../../test/streaming-pair';
import { startServerProcess } from '../../test/server-process';
import { tokenSigner } from '../../test/test-app';

/**
 * A real primary and a real streaming standby (two PostgreSQL servers from the embedded
 * binaries): writes go through the API to the primary, the read-only routes read the standby,
 * and a standby that falls behind or stops hands its reads back to the primary.
 */
describe('read replicas: a primary and a streaming standby', () => {
  let pair: StreamingPair;
  let primary: DbHandle;
  let standbyAdmin: pg.Client;
  let replicas: ReadReplicas;
  let app: App;
  const logs: string[] = [];
  const tokens = { admin: '', staff: '' };
  const refs = { locationType: 0, waterbody: 0 };

  beforeAll(async () => {
    pair = await startStreamingPair('portal');
    primary = createDb(pair.primaryUrl, 5);
    await migrateToLatest(primary.db);
    const config = loadConfig({
      DATABASE_URL: pair.primaryUrl,
      DATABASE_READ_URL: pair.standbyUrl,
      DATABASE_READ_MAX_LAG: '1',
      LOG_LEVEL: 'silent',
      BASEMAPS: 'offline',
    });
    replicas = new ReadReplicas(primary, config.databaseReadUrls, {
      maxLagSeconds: config.databaseReadMaxLagSeconds,
      // The test runs each check itself (replicas.check()), so a stopped standby is found by the
      // read that fails to connect to it, not by a timer.
      checkIntervalMs: 600_000,
      poolSize: 3,
      log: { warn: (m) => logs.push(`warn: ${m}`), info: (m) => logs.push(`info: ${m}`) },
    });
    app = await buildApp({ config, db: primary.db, readReplicas: replicas, logger: false, webDist: '/nonexistent' });
    await app.ready();
    const signer = await tokenSigner(primary.db, config);
    tokens.admin = await signer({ sub: 'usr_replica_admin', roles: ['Administrator'] });
    tokens.staff = await signer({ sub: 'usr_replica_staff', roles: ['User'] });
    refs.locationType = (await makeLocationType(primary.db)).location_type_ndx;
    refs.waterbody = (await makeWaterbody(primary.db, { united_list_include: true })).waterbody_ndx;
    standbyAdmin = new pg.Client({ connectionString: pair.standbyUrl });
    await standbyAdmin.connect();
    await replayed();
    await replicas.start();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await replicas?.close();
    await primary?.close();
    await standbyAdmin?.end().catch(() => {});
    await pair?.stop();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
    app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

  const addLocation = async (name: string): Promise<number> => {
    const res = await call('POST', '/api/data-list-locations', tokens.admin, {
      location_id: `R-${Math.random().toString(36).slice(2, 8)}`,
      location_display_label: 'RPL',
      location_name: name,
      location_type_ndx: refs.locationType,
      waterbody_ndx: refs.waterbody,
      legend_color: '#12abef',
      display_order: 0,
      latitude: 40.1,
      longitude: -104.9,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { location_ndx: number }).location_ndx;
  };

  /** Waits until the standby has replayed everything the primary has written so far. */
  const replayed = async () => {
    const lsn = await primaryWalPosition(primary.db);
    const standby = createDb(pair.standbyUrl, 1);
    try {
      await until(() => hasReplayedTo(standby.db, lsn), 'the standby to replay the primary');
    } finally {
      await standby.close();
    }
  };

  /** Scans of `location` the standby has served: only the read pool queries tables there. */
  const standbyLocationScans = async () => {
    const { rows } = await standbyAdmin.query<{ scans: string }>(
      `select (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::text as scans from pg_stat_user_tables where relname = 'location'`,
    );
    return Number(rows[0]?.scans ?? 0);
  };

  it('reads a write made through the API from the standby once it has replayed it', async () => {
    expect((await standbyAdmin.query('select pg_is_in_recovery() as r')).rows[0].r).toBe(true);
    const ndx = await addLocation('Replicated Gauge');
    await replayed();
    const scansBefore = await standbyLocationScans();
    const replicaConnectionsBefore = replicas.connections.replica;

    const listed = await call('GET', `/api/list-locations/${ndx}`, tokens.staff);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([expect.objectContaining({ location_ndx: ndx, location_name: 'Replicated Gauge' })]);
    const popup = await call('GET', `/api/public-map/public-locations/${ndx}`, null);
    expect(popup.statusCode, popup.body).toBe(200);
    expect(popup.json().properties).toMatchObject({ location_name: 'Replicated Gauge' });

    expect(replicas.connections.replica).toBeGreaterThan(replicaConnectionsBefore);
    // The standby's own statistics show the reads. A backend reports them at the end of a
    // transaction at most once a second (or after 10 s idle): the checks' queries on the same
    // connections are such transactions.
    await until(
      async () => (await replicas.check(), (await standbyLocationScans()) > scansBefore),
      'the standby to count the scans of location',
    );

    const ready = await call('GET', '/readyz', null);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', reads: 'replicas', readReplicas: [{ state: 'streaming' }] });
    expect(ready.json().readReplicas[0].name).toMatch(/^127\.0\.0\.1:\d+\/portal$/);
  });

  it('builds the map feeds on a replica connection that has the newest write, so the writer sees it at once', async () => {
    // Replay paused: the replica never gets the write, so the feed must be built on the primary.
    await standbyAdmin.query('select pg_wal_replay_pause()');
    try {
      await addLocation('Feed Gauge While Paused');
      const sources = await call('GET', '/api/public-map/sources', null);
      expect(sources.statusCode).toBe(200);
      expect(sources.body).toContain('Feed Gauge While Paused');
    } finally {
      await standbyAdmin.query('select pg_wal_replay_resume()');
    }
    // Replaying: the next build waits the moment it takes and reads the standby.
    await addLocation('Feed Gauge Right Away');
    const scansBefore = await standbyLocationScans();
    const sources = await call('GET', '/api/public-map/sources', null);
    expect(sources.body).toContain('Feed Gauge Right Away');
    await until(async () => (await replicas.check(), (await standbyLocationScans()) > scansBefore), 'the standby to count the feed build');
  });

  it('sends reads to the primary while the standby is further behind than the limit, and back once it catches up', async () => {
    await standbyAdmin.query('select pg_wal_replay_pause()');
    try {
      const ndx = await addLocation('Written While Paused');
      await until(async () => (await replicas.check(), replicas.status()[0].state === 'lagging'), 'the paused standby to count as lagging');
      expect(logs.join('\n')).toMatch(
        /warn: read replica 127\.0\.0\.1:\d+\/portal is [\d.]+ s behind the primary: its reads go to the primary/,
      );
      const primaryConnectionsBefore = replicas.connections.primary;
      const listed = await call('GET', `/api/list-locations/${ndx}`, tokens.staff);
      expect(listed.json()).toEqual([expect.objectContaining({ location_name: 'Written While Paused' })]);
      expect(replicas.connections.primary).toBeGreaterThan(primaryConnectionsBefore);
      expect((await call('GET', '/readyz', null)).json()).toMatchObject({ reads: 'primary', readReplicas: [{ state: 'lagging' }] });
    } finally {
      await standbyAdmin.query('select pg_wal_replay_resume()');
    }
    await until(async () => (await replicas.check(), replicas.status()[0].state === 'streaming'), 'the standby to serve reads again');
    expect(logs.at(-1)).toMatch(/^info: read replica .* serves reads$/);
  });

  it('serves no reads from a read URL that is not a standby (a primary, or a promoted replica)', async () => {
    const warnings: string[] = [];
    const wrong = new ReadReplicas(primary, [pair.primaryUrl], {
      maxLagSeconds: 5,
      checkIntervalMs: 600_000,
      log: { warn: (m) => warnings.push(m), info: () => {} },
    });
    try {
      await wrong.start();
      expect(wrong.status()).toEqual([
        { name: expect.stringMatching(/^127\.0\.0\.1:\d+\/portal$/), state: 'not-a-standby', lagSeconds: null },
      ]);
      expect(wrong.serving()).toBe(false);
      expect(warnings).toEqual([expect.stringMatching(/is not a streaming standby \(not in recovery\): it serves no reads$/)]);
      await wrong.db.selectFrom('location').select('location_ndx').execute();
      expect(wrong.connections).toEqual({ replica: 0, primary: 1 });
    } finally {
      await wrong.close();
    }
  });

  it('the server started with DATABASE_READ_URL checks the standby before it serves and reads from it', async () => {
    const server = await startServerProcess({
      DATABASE_URL: pair.primaryUrl,
      DATABASE_READ_URL: pair.standbyUrl,
      WORKERS: 'no',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    });
    try {
      const ready = (await (await fetch(`${server.base}/readyz`)).json()) as { reads: string; readReplicas: { state: string }[] };
      expect(ready).toMatchObject({ reads: 'replicas', readReplicas: [{ state: 'streaming' }] });
      expect(server.output()).toMatch(/read replica 127\.0\.0\.1:\d+\/portal serves reads/);
      const reports = await fetch(`${server.base}/api/display-batteries-last7days-stats`);
      expect(reports.status).toBe(200);
      const metrics = await (await fetch(`${server.base}/metrics`)).text();
      expect(metrics).toMatch(/portal_read_connections_total\{target="replica"\} [1-9]/);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it('falls back to the primary with a warning when the standby stops, and /readyz and /metrics say so', async () => {
    const ndx = await addLocation('Read After The Standby Stopped');
    await standbyAdmin.end();
    await pair.stopStandby();
    const primaryConnectionsBefore = replicas.connections.primary;

    const listed = await call('GET', `/api/list-locations/${ndx}`, tokens.staff);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([expect.objectContaining({ location_name: 'Read After The Standby Stopped' })]);
    expect(replicas.connections.primary).toBeGreaterThan(primaryConnectionsBefore);
    expect(logs).toContainEqual(
      expect.stringMatching(/^warn: read replica 127\.0\.0\.1:\d+\/portal is down: its reads go to the primary$/),
    );

    const ready = await call('GET', '/readyz', null);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', reads: 'primary', readReplicas: [{ state: 'down', lagSeconds: null }] });
    const metrics = (await call('GET', '/metrics', null)).body;
    expect(metrics).toMatch(/portal_read_replica_up\{replica="127\.0\.0\.1:\d+\/portal",state="down"\} 0/);
    expect(metrics).toMatch(/portal_read_connections_total\{target="primary"\} [1-9]/);
  });
});

async function until(test: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  for (const started = Date.now(); Date.now() - started < timeoutMs;) {
    if (await test()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
