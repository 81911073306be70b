import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INTERVALS,
  MAX_RANGE_DAYS,
  TS_COMPARE_DATA_PATHS,
  TS_COMPARE_MAX_LOCATIONS,
  apiErrorSchema,
  tsCompareDataParamsSchema,
  tsCompareDataSchema,
  tsCompareFacilitySchema,
  tsCompareLocationSchema,
  tsCompareParameterSchema,
} from '@portal/contracts';
import { callerOf } from '../../access/access-policy';
import { readableLocation } from '../../access/access.repository';
import { publicAccess } from '../../tokens/guard';
import { rateLimited } from '../../http/rate-limits';
import type { Db } from '../../db/client';
import { districtTimeZone } from '../../db/local-day';
import { compareFacilities, compareLocations, compareParameters } from './ts-compare.repository';
import { compareDataJson } from './ts-compare.service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

/**
 * Time Series Comparisons: public routes, called without a token; a signed-in caller gets what
 * the access policy lets them read (decision 0012), so answers vary by Authorization.
 * Reads only, from `readDb` (a streaming replica when one is configured; decision 0032).
 */
export const tsCompareRoutes: FastifyPluginAsync<{ readDb: Db }> = async (base, { readDb: db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const perCaller = (reply: FastifyReply) => reply.header('vary', 'Authorization').header('cache-control', 'private, no-cache');

  const lists = [
    [
      '/api/ts-compare-dropdown-facilities',
      'Facilities holding a location the caller may compare',
      tsCompareFacilitySchema,
      compareFacilities,
    ],
    [
      '/api/ts-compare-dropdown-parameters',
      'Parameters with data at a location the caller may read',
      tsCompareParameterSchema,
      compareParameters,
    ],
    [
      '/api/ts-compare-dropdown-locations-assoc',
      'Locations the caller may read with data: their parameters and facilities',
      tsCompareLocationSchema,
      compareLocations,
    ],
  ] as const;
  for (const [path, summary, row, list] of lists) {
    app.get(
      path,
      { ...publicAccess, schema: { tags: ['ts-compare'], summary, response: { 200: z.array(row as z.ZodType), ...errors } } },
      async (request, reply) => {
        perCaller(reply);
        return list(db, readableLocation(callerOf(request.user), 'l'));
      },
    );
  }

  for (const interval of INTERVALS) {
    app.get(
      `/api/${TS_COMPARE_DATA_PATHS[interval]}/:parameter/:locations/:startDate/:endDate`,
      {
        ...rateLimited(publicAccess, 'comparisons'),
        schema: {
          tags: ['ts-compare'],
          summary: `One side of a comparison, ${interval === 'daily' ? 'daily means' : '15-minute readings'}: a chart series per location and every row`,
          description:
            `locations: comma list of at most ${TS_COMPARE_MAX_LOCATIONS} location numbers. startDate and endDate, both inclusive: days YYYY-MM-DD ` +
            `(whole days in ${districtTimeZone()}) or ISO 8601 instants, at most ${MAX_RANGE_DAYS[interval]} days apart; 15-minute data is read ` +
            `from instant to instant, daily data over the days the instants fall on.`,
          params: tsCompareDataParamsSchema(interval, districtTimeZone()),
          response: { 200: tsCompareDataSchema, ...errors },
        },
      },
      async (request, reply) => {
        // First, so that the 404 a private location gives the public carries it too.
        perCaller(reply);
        const body = await compareDataJson(db, interval, request.params, callerOf(request.user));
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
      },
    );
  }
};
