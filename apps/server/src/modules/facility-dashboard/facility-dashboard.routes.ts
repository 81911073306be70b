import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_ROLES,
  apiErrorSchema,
  currentTotalsSchema,
  dashboardFacilityParamsSchema,
  lastFewResponseSchema,
  monthlyResponseSchema,
  pctFullRowSchema,
  waterYearQuerySchema,
  wellCurrentValueSchema,
  wellValuesTableSchema,
  ytdResponseSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { requireRole } from '../../tokens/guard';
import type { Db } from '../../db/client';
import {
  currentTotalsForUser,
  lastFewForUser,
  monthlyForUser,
  pctFullForUser,
  wellTableForUser,
  wellValuesForUser,
  ytdForUser,
} from './facility-dashboard.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const BASE = '/api/get-display-facility';

/**
 * The facility dashboard's widgets. Same access as the facility itself: staff roles,
 * non-administrators only their authorised facilities (404 otherwise). The spec's well-field
 * paths (eccv-...) carry the facility number at the end like the others.
 */
export const facilityDashboardRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const route = <R extends z.ZodType>(summary: string, response: R) => ({
    ...requireRole(...STAFF_ROLES),
    schema: {
      tags: ['facility dashboard'],
      summary,
      security: [{ bearer: [] }],
      params: dashboardFacilityParamsSchema,
      response: { 200: response, ...errors },
    },
  });
  const withWaterYear = <R extends z.ZodType>(summary: string, response: R) => {
    const r = route(summary, response);
    return { ...r, schema: { ...r.schema, querystring: waterYearQuerySchema } };
  };

  app.get(
    `${BASE}/lastfew/:facilityNdx`,
    route("'Last 6 hours': 15-minute values up to the facility's newest value", lastFewResponseSchema),
    async (request) => lastFewForUser(db, request.user!, request.params.facilityNdx),
  );

  app.get(
    `${BASE}/monthly/:facilityNdx`,
    withWaterYear(
      'Monthly values of a water year (April-March): volumes in af for flows and pumping, means otherwise',
      monthlyResponseSchema,
    ),
    async (request) => monthlyForUser(db, request.user!, request.params.facilityNdx, request.query.water_year),
  );

  app.get(
    `${BASE}/ytd/:facilityNdx`,
    withWaterYear('Water-year-to-date volume (af) of each flow and pumping series', ytdResponseSchema),
    async (request) => ytdForUser(db, request.user!, request.params.facilityNdx, request.query.water_year),
  );

  app.get(
    `${BASE}/pctfull/:facilityNdx`,
    route('Percent full, storage and remaining capacity per reservoir', z.array(pctFullRowSchema)),
    async (request) => pctFullForUser(db, request.user!, request.params.facilityNdx),
  );

  app.get(
    `${BASE}/eccv-current-totals/:facilityNdx`,
    route("Sum of the wells' newest pumping rates (gpm and af/day)", currentTotalsSchema),
    async (request) => currentTotalsForUser(db, request.user!, request.params.facilityNdx),
  );

  app.get(
    `${BASE}/eccv-current-values-by-well/graph/:facilityNdx`,
    route('Newest water level and pumping rate per well', z.array(wellCurrentValueSchema)),
    async (request) => wellValuesForUser(db, request.user!, request.params.facilityNdx),
  );

  app.get(
    `${BASE}/eccv-current-values-by-well/table/:facilityNdx`,
    route('Newest values per well as a table: a metric column and one column per well', wellValuesTableSchema),
    async (request) => wellTableForUser(db, request.user!, request.params.facilityNdx),
  );
};
