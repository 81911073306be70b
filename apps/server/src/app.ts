import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createEmbeddedIdp } from './identity-provider/embedded-idp';
import type { ServerLog } from './logging/log-output';
import { ShortRequestLog } from './logging/short-request-log';
import { registerGuard } from './tokens/guard';
import { publicJwks, loadIdpSecrets } from './identity-provider/idp-secrets';
import { LOGOUT_SUBMIT_SCRIPT } from './identity-provider/idp-pages';
import { registerIdpRoutes } from './identity-provider/idp-routes';
import type { ThrottleSettings } from './identity-provider/login-throttle';
import { DeviceCookies } from './identity-provider/device-cookies';
import { refusingRevokedTokens } from './tokens/token-version';
import { tokenVersionsReadEachTime, type TokenVersions } from './tokens/token-versions';
import { createTokenVerifier } from './tokens/token-verifier';
import { rememberingVerifiedTokens } from './tokens/verified-tokens';
import { createApiKeyVerifier } from './tokens/api-key';
import type { ClientConfig } from '@portal/contracts';
import type { AppConfig } from './config';
import { useDistrictTimeZone } from './db/local-day';
import type { Db } from './db/client';
import type { ReadReplicas } from './db/read-replicas';
import { primaryReads, type ReadRouting } from './db/read-routing';
import { notFoundBody, registerErrorHandler } from './http/error-handler';
import { registerPrivateAnswers } from './http/private-answers';
import { registerRateLimits } from './http/rate-limits';
import { registerHeavyOpenDataPages } from './http/heavy-open-data-pages';
import { routeHtml } from './http/route-preloads';
import { clientConfigOf } from './modules/system/client-config';
import type { ConcurrencyBound } from './http/concurrency-bound';
import { registerSecurityHeaders } from './http/security-headers';
import { DEFAULT_SERVER_LIMITS, serverLimitOptions, type ServerLimits } from './http/server-limits';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { contactsRoutes } from './modules/alerts/contacts.routes';
import { currentUserRoutes } from './modules/current-user/current-user.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { basemapsRoutes } from './modules/basemaps/basemaps.routes';
import { demoCamerasRoutes } from './modules/river-photos/demo-cameras.routes';
import { riverPhotosRoutes } from './modules/river-photos/river-photos.routes';
import { facilitiesRoutes } from './modules/facilities/facilities.routes';
import { facilityDashboardRoutes } from './modules/facility-dashboard/facility-dashboard.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { waterDataMoveRoutes } from './modules/imports/water-data-move/water-data-move.routes';
import { usgsWaterDataRoutes } from './modules/usgs-water-data/usgs-water-data.routes';
import { lookupsRoutes } from './modules/lookups/lookups.routes';
import { ogcapiRoutes } from './modules/ogcapi/ogcapi.routes';
import { mobileTrackerRoutes } from './modules/mobile-tracker/mobile-tracker.routes';
import { homeDashboardRoutes } from './modules/home-dashboard/home-dashboard.routes';
import { publicMapRoutes } from './modules/public-map/public-map.routes';
import { queryDownloadRoutes } from './modules/query-download/query-download.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { graphRoutes } from './modules/timeseries/graph.routes';
import { seriesNormalsRoutes } from './modules/statistics/series-normals.routes';
import { tsCompareRoutes } from './modules/ts-compare/ts-compare.routes';
import { dataReviewRoutes } from './modules/data-review/data-review.routes';
import { usgsStatisticsRoutes } from './modules/statistics/usgs-statistics.routes';
import { associatedListRoutes, drillDownRoutes } from './modules/drill-down/drill-down.routes';
import { systemRoutes } from './modules/system/system.routes';
import { usersManagementRoutes } from './modules/users-management/users-management.routes';
import { ignitionDemoRoutes } from './modules/system-management/ignition-demo.routes';
import { systemManagementRoutes } from './modules/system-management/system-management.routes';
import { parameterCodeRoutes } from './modules/system-management/parameter-codes.routes';
import { signUpSettingRoutes } from './modules/system-management/sign-up-setting.routes';

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** The bound on concurrent heavy open data pages (its counts, for tests and logs). */
    heavyOpenDataPages: ConcurrencyBound;
  }
}

export interface AppDeps {
  config: AppConfig;
  /** The primary: every write, and every read that must see what was just written. */
  db: Db;
  /** Streaming replicas for the read-only heavy routes (DATABASE_READ_URL); without them those read the primary. */
  readReplicas?: ReadReplicas;
  /** Folder of the built web app; served with a fallback to index.html for client routes. */
  webDist?: string;
  /** The process's logger (main.ts); without it, pino options or false (tests keep logs quiet). */
  serverLog?: ServerLog;
  logger?: boolean | { level: string };
  /**
   * Sign-in and password-check throttle settings; tests shorten the delays and bring their own
   * clock (the defaults are in login-throttle.ts).
   */
  loginThrottle?: ThrottleSettings;
  /** Request timeouts and the connection cap; tests shorten them (the defaults are in server-limits.ts). */
  serverLimits?: Partial<ServerLimits>;
  /** Where the guard learns accounts' token versions (main.ts: remembered, forgotten on change); without it, read each time. */
  tokenVersions?: TokenVersions;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** Builds the Fastify instance (tests use app.inject on it). */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db } = deps;
  // Graphs, comparisons, drill-down, Query & Download, reports, OGC API, map feeds and river
  // photo lists tolerate a replica a few seconds behind; everything else reads the primary.
  const reads: ReadRouting = deps.readReplicas ?? primaryReads(db);
  const readDb = reads.db;
  const limits = { ...DEFAULT_SERVER_LIMITS, ...deps.serverLimits };
  // Local days in SQL and CSV headers follow the configured zone (db/local-day.ts).
  useDistrictTimeZone(config.districtTimeZone);
  const app = Fastify({
    ...(deps.serverLog
      ? // Read in a terminal, a line per request drowns what matters: requests go at debug, one short line each.
        {
          loggerInstance: deps.serverLog.log as FastifyBaseLogger,
          ...(deps.serverLog.format === 'pretty' ? { logController: new ShortRequestLog() } : {}),
        }
      : { logger: deps.logger ?? { level: config.logLevel } }),
    // Forwarded headers are believed only from the proxies TRUST_PROXY names (README).
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    ...serverLimitOptions(limits),
  }).withTypeProvider<ZodTypeProvider>();
  app.server.maxConnections = limits.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSecurityHeaders(app, config, { inlineScripts: [LOGOUT_SUBMIT_SCRIPT] });
  registerPrivateAnswers(app);
  await registerRateLimits(app, db);
  // The map feeds are megabytes of JSON; gzip cuts them about tenfold for real networks.
  // Brotli is left out: at its default quality it costs seconds on bodies this size.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Water Resources Portal API', version: config.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  let localJwks;
  let devices: DeviceCookies | undefined;
  if (config.oidc.embedded) {
    const secrets = await loadIdpSecrets(db);
    localJwks = publicJwks(secrets.jwks);
    const idp = createEmbeddedIdp(db, config, secrets, app.log);
    // Device cookies carry Secure whenever the portal is served over https.
    devices = new DeviceCookies(db, secrets.deviceCookieKey, config.publicUrl.startsWith('https:'), {}, deps.loginThrottle?.now);
    await registerIdpRoutes(app, { db, idp, config, devices, throttle: deps.loginThrottle });
  }
  registerGuard(
    app,
    refusingRevokedTokens(
      rememberingVerifiedTokens(createTokenVerifier(config.oidc, localJwks)),
      deps.tokenVersions ?? tokenVersionsReadEachTime(db),
    ),
    createApiKeyVerifier(db),
  );

  await app.register(systemRoutes, { config, db, readReplicas: deps.readReplicas });
  await app.register(currentUserRoutes, { config, db });
  await app.register(apiKeysRoutes, { db });
  await app.register(facilitiesRoutes, { db });
  await app.register(facilityDashboardRoutes, { db });
  await app.register(importsRoutes, { db, importRoot: config.importRoot });
  await app.register(waterDataMoveRoutes, { db });
  await app.register(usgsWaterDataRoutes, { config });
  await app.register(alertsRoutes, { db });
  await app.register(contactsRoutes, { db });
  await app.register(systemManagementRoutes, { db });
  await app.register(signUpSettingRoutes, { db, config });
  await app.register(parameterCodeRoutes, { db });
  await app.register(dataReviewRoutes, { db });
  await app.register(ignitionDemoRoutes, { config });
  await app.register(usersManagementRoutes, { db, config, devices, throttle: deps.loginThrottle });
  await app.register(lookupsRoutes, { db });
  await app.register(publicMapRoutes, { db, reads });
  await app.register(graphRoutes, { readDb });
  await app.register(seriesNormalsRoutes, { readDb });
  await app.register(tsCompareRoutes, { readDb });
  await app.register(drillDownRoutes, { readDb });
  await app.register(associatedListRoutes, { readDb });
  await app.register(queryDownloadRoutes, { readDb });
  await app.register(reportsRoutes, { readDb });
  await app.register(mobileTrackerRoutes, { db });
  await app.register(homeDashboardRoutes, { db });
  await app.register(basemapsRoutes, { db, config });
  await app.register(demoCamerasRoutes);
  await app.register(riverPhotosRoutes, { readDb, config });
  app.decorate('heavyOpenDataPages', registerHeavyOpenDataPages(app, config.openDataHeavyPages));
  await app.register(ogcapiRoutes, { readDb, publicUrl: config.publicUrl, agency: config.ogcAgency });
  await app.register(usgsStatisticsRoutes, { readDb, agency: config.ogcAgency });

  const webDist = deps.webDist ?? DEFAULT_WEB_DIST;
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    // serve: false: files are sent by the fallback below, which knows which ones are immutable.
    // preCompressed: the build writes .br/.gz beside each asset (scripts/precompress.mjs), sent as
    // they are to clients that accept them, instead of compressing megabytes on every request.
    await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true });
    registerSpaFallback(app, webDist, clientConfigOf(config));
  } else {
    app.setNotFoundHandler((request, reply) => reply.status(404).send(notFoundBody(request.method, request.url)));
  }
  return app;
}

const YEAR_MS = 365 * 86_400_000;

/** Client-side routes (anything that is not /api, /ogcapi, /oidc or a file) get the web app's index.html. */
function registerSpaFallback(app: FastifyInstance, webDist: string, clientConfig: ClientConfig): void {
  const indexHtml = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const htmlOf = routeHtml(webDist, indexHtml, clientConfig);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/oidc') || url === '/ogcapi' || url.startsWith('/ogcapi/');
    if (request.method === 'GET' && !isApi) {
      const file = path.join(webDist, path.normalize(url));
      // Dot folders (the build manifest) are the build's own, not the site's.
      const served = file.startsWith(webDist) && url !== '/' && !url.includes('/.');
      if (served && fs.existsSync(file) && fs.statSync(file).isFile()) {
        // Hashed names under /assets never change content: cache them for a year. The rest
        // (favicon, manifest) may change with a release.
        if (url.startsWith('/assets/')) return reply.sendFile(path.relative(webDist, file), { maxAge: YEAR_MS, immutable: true });
        return reply.header('cache-control', 'no-cache').sendFile(path.relative(webDist, file), { cacheControl: false });
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(htmlOf(url));
    }
    return reply.status(404).send(notFoundBody(request.method, url));
  });
}
