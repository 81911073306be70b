import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, clientConfigSchema } from '@portal/contracts';
import client from 'prom-client';
import { publicAccess } from '../../tokens/guard';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { ReadReplicas } from '../../db/read-replicas';
import { clientConfigOf } from './client-config';
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

/** The read replicas of the app whose /metrics is asked (one app per process outside tests). */
let metricReplicas: ReadReplicas | undefined;
new client.Gauge({
  name: 'portal_read_replica_up',
  help: 'Whether a read replica (DATABASE_READ_URL) serves reads: 1 streaming, 0 down, lagging or not a standby',
  labelNames: ['replica', 'state'],
  registers: [registry],
  collect() {
    this.reset();
    for (const r of metricReplicas?.status() ?? []) this.set({ replica: r.name, state: r.state }, r.state === 'streaming' ? 1 : 0);
  },
});
new client.Gauge({
  name: 'portal_read_replica_lag_seconds',
  help: 'How far a read replica was behind the primary at its last check',
  labelNames: ['replica'],
  registers: [registry],
  collect() {
    this.reset();
    for (const r of metricReplicas?.status() ?? []) if (r.lagSeconds !== null) this.set({ replica: r.name }, r.lagSeconds);
  },
});
new client.Counter({
  name: 'portal_read_connections_total',
  help: 'Connections the read pool handed out, by where they went (replica, or primary when no replica serves)',
  labelNames: ['target'],
  registers: [registry],
  collect() {
    this.reset();
    if (!metricReplicas) return;
    this.inc({ target: 'replica' }, metricReplicas.connections.replica);
    this.inc({ target: 'primary' }, metricReplicas.connections.primary);
  },
});

/** Health, readiness, metrics and the public client configuration. */
export const systemRoutes: FastifyPluginAsync<{ config: AppConfig; db: Db; readReplicas?: ReadReplicas }> = async (
  base,
  { config, db, readReplicas },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  metricReplicas = readReplicas;

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await pingDatabase(db);
      // Replicas being down or behind leaves the app ready: their reads go to the primary.
      if (!readReplicas) return { status: 'ready' };
      return { status: 'ready', reads: readReplicas.serving() ? 'replicas' : 'primary', readReplicas: readReplicas.status() };
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
    async () => clientConfigOf(config),
  );
};
