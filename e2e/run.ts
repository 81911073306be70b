/**
 * End-to-end run: a fresh PostgreSQL database with a small demo district, the real server
 * started the way `npm run serve` starts it, then the specs (node:test) in Debian Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDb } from '../apps/server/src/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/server/src/db/embedded';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { cdssEnvelope, demoTelemetryStationRecords } from '../apps/server/src/seed/cdss-demo-records';
import { DEFAULT_SEED as DEMO_SEED, seedDemoDistrict } from '../apps/server/src/seed/seed-demo';
import {
  generatedItems,
  monitoringLocationFeature,
  startWaterDataService,
  type WaterDataService,
} from '../apps/server/test/water-data-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'e2e-demo-password';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become ready in 120 s');
}

/** Answers the CDSS telemetry station list with the demo's records; anything else is CDSS's 404. */
async function startLoopbackCdss(anchor: Date): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const ok = url.pathname === '/api/v2/telemetrystations/telemetrystation/';
    res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(ok ? cdssEnvelope(demoTelemetryStationRecords(DEMO_SEED, anchor)) : 'Error: not found'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * A loopback USGS Water Data API: any monitoring location and parameter answers made-up
 * 15-minute (or daily) values up to now, the last 3 days provisional, in pages of 500; the demo's
 * Kersey gauge answers collections/monitoring-locations.
 */
function startLoopbackWaterData(): Promise<WaterDataService> {
  return startWaterDataService({
    items: (q) => generatedItems(q, new Date()),
    pageSize: 500,
    locations: {
      'USGS-06754000': monitoringLocationFeature('USGS-06754000', 'SOUTH PLATTE RIVER NEAR KERSEY, CO', -104.5627778, 40.4125),
    },
  });
}

async function main(): Promise<number> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  fs.chmodSync(tmp, 0o755);
  let embedded: EmbeddedDatabase | undefined;
  const servers: ChildProcess[] = [];
  let cdss: http.Server | undefined;
  let waterData: WaterDataService | undefined;
  try {
    let databaseUrl: string;
    if (process.env.DATABASE_URL) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query('drop database if exists portal_e2e with (force)');
      await admin.query('create database portal_e2e');
      await admin.end();
      const u = new URL(process.env.DATABASE_URL);
      u.pathname = '/portal_e2e';
      databaseUrl = u.toString();
    } else {
      embedded = await startEmbeddedPostgres(path.join(tmp, 'postgres'), 'portal_e2e');
      databaseUrl = embedded.url;
    }
    const handle = createDb(databaseUrl, 4);
    await migrateToLatest(handle.db);
    const anchor = new Date(Math.floor(Date.now() / 900_000) * 900_000);
    // A smaller time span than `npm start` seeds: the same district, less history.
    const counts = await seedDemoDistrict(handle.db, { anchor, demoPassword: PASSWORD, fifteenMinuteDays: 10, dailyYears: 1 });
    console.log(`e2e: seeded ${counts.facilities} facilities, ${counts.locations} locations, ${counts.observations} observations`);
    await handle.close();

    // The CDSS layers' sync job reads this loopback stand-in (the demo's own station records in
    // the CDSS envelope), never the state's service.
    cdss = await startLoopbackCdss(anchor);
    const cdssBaseUrl = `http://127.0.0.1:${(cdss.address() as net.AddressInfo).port}/api/v2`;
    // USGS imports and Fill from USGS read this loopback stand-in of the Water Data API.
    waterData = await startLoopbackWaterData();

    const specs = fs
      .readdirSync(path.join(root, 'e2e/specs'))
      .filter((f) => f.endsWith('.e2e.ts'))
      .sort()
      .map((f) => path.join('e2e/specs', f));
    const only = process.argv.slice(2);
    const queue = only.length ? only : specs;
    // Lanes: each a server with a database of its own, running spec files one after another.
    const lanes = Math.max(1, Math.min(Number(process.env.E2E_LANES ?? 2) || 1, queue.length));

    // Every lane's database is a copy of the seeded one (a file copy, no second seeding).
    const laneDatabases = [databaseUrl];
    if (lanes > 1) {
      const maintenance = new URL(databaseUrl);
      maintenance.pathname = '/postgres';
      const admin = new pg.Client({ connectionString: maintenance.toString() });
      await admin.connect();
      try {
        for (let i = 2; i <= lanes; i++) {
          const name = `portal_e2e_${i}`;
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.query(`create database ${name} template portal_e2e`);
          const u = new URL(databaseUrl);
          u.pathname = `/${name}`;
          laneDatabases.push(u.toString());
        }
      } finally {
        await admin.end();
      }
    }

    const started = await Promise.all(
      laneDatabases.map(async (laneDatabaseUrl, i) => {
        const laneDir = lanes > 1 ? path.join(tmp, `lane-${i + 1}`) : tmp;
        const port = await freePort();
        const baseUrl = `http://localhost:${port}`;
        // Alert mail goes to this loopback port; a spec that checks mail listens on it (E2E_SMTP_PORT).
        const smtpPort = await freePort();
        const laneServer = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
          cwd: root,
          stdio: ['ignore', 'inherit', 'inherit'],
          env: {
            ...process.env,
            PORT: String(port),
            DATABASE_URL: laneDatabaseUrl,
            SEED_DEMO: 'no',
            BASEMAPS: 'offline',
            LOG_LEVEL: 'warn',
            DEMO_PASSWORD: PASSWORD,
            IMPORT_ROOT: path.join(laneDir, 'imports'),
            DATA_DIR: path.join(laneDir, 'data'),
            SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
            CDSS_BASE_URL: cdssBaseUrl,
            USGS_WATER_DATA_URL: waterData!.url,
            USGS_API_KEY: 'e2e-usgs-api-key',
          },
        });
        servers.push(laneServer);
        await waitForReady(baseUrl, laneServer);
        return {
          ...process.env,
          E2E_BASE_URL: baseUrl,
          E2E_PASSWORD: PASSWORD,
          E2E_SCREENSHOTS: path.join(root, 'e2e/screenshots'),
          // Specs that drop files for the import engine and check what it stored.
          E2E_IMPORT_ROOT: path.join(laneDir, 'imports'),
          E2E_DATABASE_URL: laneDatabaseUrl,
          E2E_SMTP_PORT: String(smtpPort),
        };
      }),
    );

    // Spec files are taken in name order by whichever lane is free. Each file's report is printed
    // whole when it ends, so two lanes' reports never interleave.
    const results: { spec: string; lane: number; seconds: number; pass: number; fail: number; code: number; text: string }[] = [];
    const runStarted = Date.now();
    let next = 0;
    const lane = async (n: number): Promise<void> => {
      while (next < queue.length) {
        const spec = queue[next++]!;
        const began = Date.now();
        const runner = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            '--test',
            '--test-reporter=spec',
            // E2E_TEST_NAME_PATTERN runs only the tests whose names match (node:test's --test-name-pattern).
            ...(process.env.E2E_TEST_NAME_PATTERN ? [`--test-name-pattern=${process.env.E2E_TEST_NAME_PATTERN}`] : []),
            spec,
          ],
          { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...started[n]!, FORCE_COLOR: '0' } },
        );
        const out: Buffer[] = [];
        runner.stdout!.on('data', (b: Buffer) => out.push(b));
        runner.stderr!.on('data', (b: Buffer) => out.push(b));
        const code = await new Promise<number>((resolve) => runner.on('close', (c) => resolve(c ?? 1)));
        const text = Buffer.concat(out).toString('utf8');
        const count = (label: string) => Number(new RegExp(`^ℹ ${label} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
        const seconds = (Date.now() - began) / 1000;
        results.push({ spec, lane: n + 1, seconds, pass: count('pass'), fail: count('fail'), code, text });
        process.stdout.write(`\n── ${spec} (lane ${n + 1}, ${seconds.toFixed(0)} s, exit ${code}) ──\n${text}`);
      }
    };
    await Promise.all(started.map((_, n) => lane(n)));

    const pass = results.reduce((s, r) => s + r.pass, 0);
    const fail = results.reduce((s, r) => s + r.fail, 0);
    console.log('\ne2e: seconds per spec file');
    for (const r of [...results].sort((a, b) => b.seconds - a.seconds))
      console.log(`  ${r.seconds.toFixed(0).padStart(5)} s  lane ${r.lane}  ${r.code === 0 ? 'ok  ' : 'FAIL'}  ${r.spec}`);
    // A failure's account is repeated last, where a log cut to its tail still shows it.
    for (const r of results.filter((x) => x.code !== 0)) {
      const at = r.text.indexOf('✖ failing tests:');
      const account = at >= 0 ? r.text.slice(at) : r.text.split('\n').slice(-80).join('\n');
      console.log(`\n── failed: ${r.spec} (lane ${r.lane}) ──\n${account.trimEnd()}`);
    }
    console.log(
      `e2e: ${results.length} spec files in ${lanes} lane(s), ${pass} passed, ${fail} failed, ${((Date.now() - runStarted) / 1000).toFixed(0)} s`,
    );
    return results.every((r) => r.code === 0) ? 0 : 1;
  } finally {
    await Promise.all(
      servers
        .filter((server) => server.exitCode === null)
        .map((server) => {
          server.kill('SIGTERM');
          return new Promise((r) => server.once('exit', r));
        }),
    );
    cdss?.close();
    await waterData?.close();
    if (embedded) await embedded.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`e2e setup failed: ${e instanceof Error ? e.stack : String(e)}`);
    process.exit(1);
  },
);
