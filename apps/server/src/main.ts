import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { closeGracefully } from './http/graceful-close';
import { publicUrlHint } from './http/public-address';
import { warmGlyphRanges } from './modules/basemaps/glyph-ranges';
import type { EmbeddedDatabase } from './db/embedded';
import { useDistrictTimeZone } from './db/local-day';
import { waterServicesNotice } from '@portal/contracts';
import { countEnabledWaterServicesSources } from './modules/imports/water-data-move/water-data-move.repository';
import { createServerLog } from './logging/log-output';
import { createProcessLifecycle, type ProcessLifecycle } from './process-lifecycle';
import { listeningTokenVersions } from './tokens/token-versions';

/** config -> database (embedded or URL) -> migrate -> seed -> listen -> workers. */
function main(): void {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
  useDistrictTimeZone(config.districtTimeZone);
  const serverLog = createServerLog(config.logLevel, config.logFormat);
  const log = serverLog.log;
  const lifecycle = createProcessLifecycle(log);
  lifecycle.run(() => startUp(config, serverLog, lifecycle));
}

/** The start-up steps, with a checkpoint after each: a stop asked for meanwhile ends start-up there. */
async function startUp(config: AppConfig, serverLog: ReturnType<typeof createServerLog>, lifecycle: ProcessLifecycle): Promise<void> {
  const log = serverLog.log;
  // Loaded after the configuration is known to be good, so a bad value stops start-up at once
  // with its one line and nothing else.
  const [
    { buildApp },
    { createDb },
    { ReadReplicas },
    { startEmbeddedPostgres },
    { migrateToLatest },
    { startWorker },
    { listDemoAccounts },
    { isDatabaseEmpty, seedDemoDistrict },
  ] = await Promise.all([
    import('./app'),
    import('./db/client'),
    import('./db/read-replicas'),
    import('./db/embedded'),
    import('./db/migrate'),
    import('./jobs/worker'),
    import('./accounts/identity.repository'),
    import('./seed/seed-demo'),
  ]);
  lifecycle.checkpoint();

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dir = path.join(config.dataDir, 'postgres');
    log.info({ dir }, 'starting embedded PostgreSQL');
    // A Ctrl-C reaches initdb too (it shares the terminal's process group): its complaint is no fault then.
    embedded = await startEmbeddedPostgres(dir, 'portal', (m) => (lifecycle.stopping ? log.debug(m) : log.warn(m)));
    const started = embedded;
    // The database stops last: every other stop step needs it.
    lifecycle.onStop(() => started.stop().catch((e: unknown) => log.error({ err: e }, 'PostgreSQL did not stop cleanly')));
    databaseUrl = embedded.url;
    lifecycle.checkpoint();
  }
  const { db, pool, close } = createDb(databaseUrl, 20);
  // Streaming replicas for the read-only heavy routes; checked before the first request.
  const readReplicas = config.databaseReadUrls.length
    ? new ReadReplicas({ db, pool }, config.databaseReadUrls, {
        maxLagSeconds: config.databaseReadMaxLagSeconds,
        poolSize: 20,
        log: { warn: (m) => log.warn(m), info: (m) => log.info(m) },
      })
    : undefined;

  lifecycle.onStop(async () => {
    await readReplicas?.close().catch(() => {});
    await close().catch(() => {});
  });

  const applied = await migrateToLatest(db);
  if (applied.length) log.info({ applied }, 'database migrated');
  // The seed is let finish when a stop comes meanwhile: a half-written demo district would never
  // be completed (start-up seeds an empty database only).
  lifecycle.checkpoint('seeding the demo district (about a minute)');

  const seedWanted = config.seedDemo === 'yes' || (config.seedDemo === 'auto' && !config.databaseUrl);
  if (seedWanted && (await isDatabaseEmpty(db))) {
    log.info('seeding the demo district (first start with an empty database)');
    const anchor = new Date(Math.floor(Date.now() / 900_000) * 900_000);
    const counts = await seedDemoDistrict(db, {
      anchor,
      demoPassword: config.demoPassword,
      statsMinYears: config.statsMinYears,
      historyYears: config.demoHistoryYears,
      log: (m: string) => log.info(m),
    });
    log.info(counts, 'demo district seeded');
    lifecycle.checkpoint();
  }

  // While enabled sources still read WaterServices, say when it stops and how to move them.
  const onWaterServices = await countEnabledWaterServicesSources(db);
  if (onWaterServices > 0) log.warn(waterServicesNotice(onWaterServices));

  if (readReplicas) {
    await readReplicas.start();
    log.info({ readReplicas: readReplicas.status() }, 'read replicas checked');
  }
  lifecycle.checkpoint();
  // Token versions are remembered in this process and forgotten the moment any process changes one.
  const tokenVersions = await listeningTokenVersions(db, databaseUrl, {
    log: { warn: (o, m) => log.warn(o, m), info: (m) => log.info(m) },
  });
  lifecycle.onStop(() => tokenVersions.close());
  const app = await buildApp({ config, db, readReplicas, serverLog, tokenVersions });
  lifecycle.onStop(() => closeGracefully(app));
  lifecycle.checkpoint();
  await app.listen({ port: config.port, host: config.host });
  lifecycle.checkpoint();
  // Map labels need these ranges first; build them in the CPU worker before the first visitor asks.
  warmGlyphRanges().catch((e: unknown) => {
    // Stopping ends the CPU workers under it; that is no fault.
    if (!lifecycle.stopping) log.warn({ err: e }, 'could not build the map label glyphs ahead of time');
  });

  if (config.runWorkers) {
    const runner = await startWorker({ connectionString: databaseUrl, db, config, log });
    lifecycle.onStop(() => runner.stop());
    lifecycle.checkpoint();
  }

  const accounts = await listDemoAccounts(db);
  const lines = [`Water Resources Portal is running at ${config.publicUrl}`];
  if (accounts.length) {
    lines.push('Demo sign-in accounts:');
    for (const a of accounts) lines.push(`  ${a.email.padEnd(24)} ${a.role_name ?? '(no role)'}`);
    lines.push(
      `  password: ${config.demoPasswordIsDefault ? `${config.demoPassword} (demo default; set DEMO_PASSWORD to change)` : 'the value of DEMO_PASSWORD'}`,
    );
  }
  const hint = publicUrlHint(config.publicUrl, config.host);
  if (hint) lines.push(hint);
  lines.push('Press Ctrl-C to stop.');
  console.log(`\n${lines.join('\n')}\n`);
}

main();
