import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  observationIntervalsQuerySchema,
  observationNormalsQuerySchema,
  statisticsFeatureCollectionSchema,
} from '@portal/contracts';
import { callerOf } from '../../access/access-policy';
import type { Db } from '../../db/client';
import { rateLimited } from '../../http/rate-limits';
import { publicAccess } from '../../tokens/guard';
import { observationIntervals, observationNormals } from './usgs-statistics.service';

const errors = { 400: apiErrorSchema, 429: apiErrorSchema };

/**
 * USGS's statistics service, served at the same path under the portal's address
 * (/statistics/v0/observationNormals and /statistics/v0/observationIntervals), so USGS's client reads
 * it with only its base URL changed. Public, like the open data API: a signed-in caller (or an API
 * key) reads what their access lets them read, so answers vary by caller. Reads stored statistics only.
 */
export const usgsStatisticsRoutes: FastifyPluginAsync<{ readDb: Db; agency: { code: string } }> = async (base, { readDb: db, agency }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const access = rateLimited(publicAccess, 'openData');

  app.get(
    '/statistics/v0/observationNormals',
    {
      ...access,
      schema: {
        tags: ['statistics'],
        summary: 'Day-of-year and month-of-year statistics of each series daily means (USGS observationNormals)',
        description:
          'One feature per monitoring location; data holds one entry per parameter, values one per computation and period. ' +
          'Percentiles by the Weibull plotting position; a day of year is ranked with STATS_MIN_YEARS years or more.',
        querystring: observationNormalsQuerySchema,
        response: { 200: statisticsFeatureCollectionSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'Authorization').header('cache-control', 'private, no-cache');
      return observationNormals(db, request.query, callerOf(request.user), agency.code);
    },
  );

  app.get(
    '/statistics/v0/observationIntervals',
    {
      ...access,
      schema: {
        tags: ['statistics'],
        summary: 'Month, calendar-year and water-year statistics of each series daily means (USGS observationIntervals)',
        querystring: observationIntervalsQuerySchema,
        response: { 200: statisticsFeatureCollectionSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'Authorization').header('cache-control', 'private, no-cache');
      return observationIntervals(db, request.query, callerOf(request.user), agency.code);
    },
  );
};
