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
  let server: ChildProcess | undefined;
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

    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    // Alert mail goes to this loopback port; a spec that checks mail listens on it (E2E_SMTP_PORT).
    const smtpPort = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        SEED_DEMO: 'no',
        BASEMAPS: 'offline',
        LOG_LEVEL: 'warn',
        DEMO_PASSWORD: PASSWORD,
        IMPORT_ROOT: path.join(tmp, 'imports'),
        DATA_DIR: path.join(tmp, 'data'),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        CDSS_BASE_URL: cdssBaseUrl,
        USGS_WATER_DATA_URL: waterData.url,
        USGS_API_KEY: 'e2e-usgs-api-key',
      },
    });
    await waitForReady(baseUrl, server);

    const specs = fs
      .readdirSync(path.join(root, 'e2e/specs'))
      .filter((f) => f.endsWith('.e2e.ts'))
      .map((f) => path.join('e2e/specs', f));
    const only = process.argv.slice(2);
    const runner = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        '--test-concurrency=1',
        '--test-reporter=spec',
        // E2E_TEST_NAME_PATTERN runs only the tests whose names match (node:test's --test-name-pattern).
        ...(process.env.E2E_TEST_NAME_PATTERN ? [`--test-name-pattern=${process.env.E2E_TEST_NAME_PATTERN}`] : []),
        ...(only.length ? only : specs),
      ],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_BASE_URL: baseUrl,
          E2E_PASSWORD: PASSWORD,
          E2E_SCREENSHOTS: path.join(root, 'e2e/screenshots'),
          // Specs that drop files for the import engine and check what it stored.
          E2E_IMPORT_ROOT: path.join(tmp, 'imports'),
          E2E_DATABASE_URL: databaseUrl,
          E2E_SMTP_PORT: String(smtpPort),
        },
      },
    );
    return await new Promise<number>((resolve) => runner.on('close', (code) => resolve(code ?? 1)));
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
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
