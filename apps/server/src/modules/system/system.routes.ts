import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, clientConfigSchema } from '@portal/contracts';
import client from 'prom-client';
import { publicAccess } from '../../tokens/guard';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { pingDatabase } from './system.repository';

const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });
const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by route and status',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/** Health, readiness, metrics and the public client configuration. */
export const systemRoutes: FastifyPluginAsync<{ config: AppConfig; db: Db }> = async (base, { config, db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await pingDatabase(db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ error: 'Service Unavailable', message: 'The database is not reachable' });
    }
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type(registry.contentType).send(await registry.metrics());
  });

  app.get(
    '/api/config',
    {
      ...publicAccess,
      schema: {
        tags: ['system'],
        summary: 'Public configuration the web app needs before signing in',
        response: { 200: clientConfigSchema, 400: apiErrorSchema },
      },
    },
    async () => ({
      oidcAuthority: config.oidc.issuer,
      oidcClientId: config.oidc.clientId,
      oidcAudience: config.oidc.audience,
      rolesClaim: config.oidc.rolesClaim,
      basemaps: config.basemaps,
      version: config.version,
      environment: config.environment,
      districtTimeZone: config.districtTimeZone,
    }),
  );
};
