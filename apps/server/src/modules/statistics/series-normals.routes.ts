import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  latestClassesResponseSchema,
  normalBandQuerySchema,
  normalBandResponseSchema,
  seriesNormalsParamsSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { callerOf } from '../../access/access-policy';
import { publicAccess } from '../../tokens/guard';
import { rateLimited } from '../../http/rate-limits';
import { createHash } from 'node:crypto';
import { matchesEtag } from '../../http/cached-body';
import type { Db } from '../../db/client';
import { districtTimeZone } from '../../db/local-day';
import { latestClasses, normalBand } from './series-normals.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

/**
 * "Is today normal?": the day-of-year percentile band behind the daily graphs and the class of
 * each location's latest daily value for the map. Public routes; which locations a caller may
 * read is decision 0012 (404 for one it may not). Reads only, from `readDb` (decision 0032).
 */
export const seriesNormalsRoutes: FastifyPluginAsync<{ readDb: Db }> = async (base, { readDb: db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/series-normals/:id/band',
    {
      ...rateLimited(publicAccess, 'graphs'),
      schema: {
        tags: ['statistics'],
        summary: "Day-of-year percentile band of the series a location's graph of `type` shows, for each day of a range",
        description:
          `startDate and endDate are calendar days in ${districtTimeZone()} (MM/dd/yyyy or YYYY-MM-DD), both inclusive. ` +
          "Each day carries its day of year's min, 10th, 25th, median, 75th, 90th and max of the daily means of every year " +
          '(null where the day is not ranked) and the number of years.',
        params: seriesNormalsParamsSchema,
        querystring: normalBandQuerySchema,
        response: { 200: normalBandResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The answer depends on who asks (private locations): shared caches must key on the token.
      reply.header('vary', 'Authorization').header('cache-control', 'private, no-cache');
      return normalBand(db, request.params.id, request.query, callerOf(request.user));
    },
  );

  app.get(
    '/api/series-normals/latest-classes',
    {
      ...publicAccess,
      schema: {
        tags: ['statistics'],
        summary: "Each readable series' latest daily mean with its percentile and WaterWatch class against its day of year",
        response: { 200: latestClassesResponseSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const text = JSON.stringify(latestClassesResponseSchema.parse(await latestClasses(db, callerOf(request.user))));
      // Read per request (one query); per caller (private locations), and an ETag of the content
      // lets a browser keep its copy until a class or a value changes.
      const etag = `"${createHash('sha1').update(text).digest('base64url')}"`;
      const raw = reply as FastifyReply;
      raw.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Authorization');
      if (matchesEtag(request.headers['if-none-match'], etag)) return raw.status(304).send();
      return raw.type('application/json; charset=utf-8').send(text);
    },
  );
};
