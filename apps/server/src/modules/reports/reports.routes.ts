import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, batteriesResponseSchema, siteSummaryResponseSchema } from '@portal/contracts';
import { callerOf } from '../../access/access-policy';
import { publicAccess } from '../../tokens/guard';
import type { Db } from '../../db/client';
import { batteriesFor, siteSummaryFor } from './reports.service';

const errors = { 401: apiErrorSchema };

/**
 * The public report tables. Requested without a token; staff tokens widen the station list.
 * Reads only, from `readDb` (a streaming replica when one is configured; decision 0032).
 */
export const reportsRoutes: FastifyPluginAsync<{ readDb: Db }> = async (base, { readDb: db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/display-batteries-last7days-stats',
    {
      ...publicAccess,
      schema: {
        tags: ['reports'],
        summary: 'Battery-voltage series with min and max over the last 7 × 24 hours and the newest reading',
        description: 'Anonymous callers get public stations; staff get every station not excluded from the map.',
        response: { 200: batteriesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The answer depends on who asks (private stations): shared caches must key on the token.
      reply.header('vary', 'Authorization').header('cache-control', 'private, no-cache');
      return batteriesFor(db, callerOf(request.user));
    },
  );

  app.get(
    '/api/reports-site-param-summary-united-stations',
    {
      ...publicAccess,
      schema: {
        tags: ['reports'],
        summary: 'One row per stored series: alert flag, facilities, parameter, location, period of record, county, water body, watershed',
        description: 'Anonymous callers get public stations; staff get every station not excluded from the map.',
        response: { 200: siteSummaryResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'Authorization').header('cache-control', 'private, no-cache');
      return siteSummaryFor(db, callerOf(request.user));
    },
  );
};
