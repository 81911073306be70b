import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INTERVALS,
  STAFF_ROLES,
  apiErrorSchema,
  associatedIdsParamsSchema,
  associatedLocationSchema,
  associatedParameterSchema,
  drillDownGraphParamsSchema,
  drillDownGraphSchema,
  drillDownTableParamsSchema,
  drillDownTableSchema,
  facilityNdxParamsSchema,
  triggerElevationSchema,
} from '@portal/contracts';
import { callerOf } from '../../access/access-policy';
import { assertFacilityReadable, readableLocation } from '../../access/access.repository';
import { requireRole } from '../../tokens/guard';
import type { Db } from '../../db/client';
import { districtTimeZone } from '../../db/local-day';
import { facilityTriggerElevations, locationsByNdx, parametersByNdx } from './drill-down.repository';
import { drillDownGraphJson, drillDownTableJson } from './drill-down.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const bearer = [{ bearer: [] }];

/**
 * The facility page's Data Drill Down (decision 0017). Facility pages are staff pages (the guard);
 * the facility and its locations follow decision 0012.
 * Reads only, from `readDb` (a streaming replica when one is configured; decision 0032).
 */
export const drillDownRoutes: FastifyPluginAsync<{ readDb: Db }> = async (base, { readDb: db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staff = requireRole(...STAFF_ROLES);
  const days = `startDate and endDate, both inclusive: days YYYY-MM-DD (whole days in ${districtTimeZone()}) or ISO 8601 instants; 15-minute data is read from instant to instant, daily data over the days the instants fall on.`;

  for (const interval of INTERVALS) {
    app.get(
      `/api/get-display-facility/table-${interval}/:ndx/:startDate/:endDate`,
      {
        ...staff,
        schema: {
          tags: ['drill-down'],
          summary: `The drill-down table, ${interval}: every series of the facility's locations, one row per instant`,
          description: days,
          security: bearer,
          params: drillDownTableParamsSchema(interval, districtTimeZone()),
          response: { 200: drillDownTableSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { ndx, ...range } = request.params;
        const body = await drillDownTableJson(db, callerOf(request.user), ndx, interval, range);
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
      },
    );
    app.get(
      `/api/get-display-facility/graph-${interval}/:ndx/:startDate/:endDate/:locations`,
      {
        ...staff,
        schema: {
          tags: ['drill-down'],
          summary: `The drill-down graphs, ${interval}: one group per location with left (yL) and right (yR) axis series`,
          description: `${days} locations: comma list of the facility's location numbers.`,
          security: bearer,
          params: drillDownGraphParamsSchema(interval, districtTimeZone()),
          response: { 200: drillDownGraphSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { ndx, locations, ...range } = request.params;
        const body = await drillDownGraphJson(db, callerOf(request.user), ndx, interval, range, locations);
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
      },
    );
  }

  app.get(
    '/api/facility-trigger-elevations/:ndx',
    {
      ...staff,
      schema: {
        tags: ['drill-down'],
        summary: "Trigger elevations of the facility's wells with their newest water-level elevations (the banner)",
        security: bearer,
        params: facilityNdxParamsSchema,
        response: { 200: z.array(triggerElevationSchema), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request.user);
      await assertFacilityReadable(db, caller, request.params.ndx);
      return facilityTriggerElevations(db, request.params.ndx, readableLocation(caller, 'l'));
    },
  );
};

/**
 * GET /api/list-parameters/{ids} and /api/list-locations/{ids} (the facility pages): arrays
 * of the listed items. They replace the single-id lookup items of those two names (decision 0017):
 * one id is a list of one. Locations follow decision 0012 (unreadable ones are left out).
 * Reads only, from `readDb` (a streaming replica when one is configured; decision 0032).
 */
export const associatedListRoutes: FastifyPluginAsync<{ readDb: Db }> = async (base, { readDb: db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staff = requireRole(...STAFF_ROLES);
  app.get(
    '/api/list-parameters/:ids',
    {
      ...staff,
      schema: {
        tags: ['drill-down'],
        summary: 'Parameters of a comma list of numbers (unknown ones left out)',
        security: bearer,
        params: associatedIdsParamsSchema,
        response: { 200: z.array(associatedParameterSchema), ...errors },
      },
    },
    async (request) => parametersByNdx(db, request.params.ids),
  );
  app.get(
    '/api/list-locations/:ids',
    {
      ...staff,
      schema: {
        tags: ['drill-down'],
        summary: 'Locations of a comma list of numbers the caller may read (others left out)',
        security: bearer,
        params: associatedIdsParamsSchema,
        response: { 200: z.array(associatedLocationSchema), ...errors },
      },
    },
    async (request) => locationsByNdx(db, request.params.ids, readableLocation(callerOf(request.user), 'l')),
  );
};
