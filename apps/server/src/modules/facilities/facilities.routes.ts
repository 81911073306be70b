import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_ROLES,
  apiErrorSchema,
  displayFacilitySchema,
  facilityDetailSchema,
  facilityNdxParamsSchema,
  facilitySummarySchema,
} from '@portal/contracts';
import { z } from 'zod';
import { requireRole } from '../../tokens/guard';
import type { Db } from '../../db/client';
import { facilitiesForUser, facilityForUser, facilitySummaryForUser } from './facilities.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const facilitiesRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/display-list-facilities',
    {
      ...requireRole(...STAFF_ROLES),
      schema: {
        tags: ['facilities'],
        summary: 'Facilities the caller may open (all for administrators)',
        security: [{ bearer: [] }],
        response: { 200: z.array(displayFacilitySchema), ...errors },
      },
    },
    async (request) => facilitiesForUser(db, request.user!),
  );

  app.get(
    '/api/display-list-facilities/:ndx',
    {
      ...requireRole(...STAFF_ROLES),
      schema: {
        tags: ['facilities'],
        summary: 'One facility the caller may open, with its map view and widget order',
        security: [{ bearer: [] }],
        params: facilityNdxParamsSchema,
        response: { 200: facilityDetailSchema, ...errors },
      },
    },
    async (request) => facilityForUser(db, request.user!, request.params.ndx),
  );

  app.get(
    '/api/facility-summary/:ndx',
    {
      ...requireRole(...STAFF_ROLES),
      schema: {
        tags: ['facilities'],
        summary: "The facility page's summary: its locations with their newest values",
        security: [{ bearer: [] }],
        params: facilityNdxParamsSchema,
        response: { 200: facilitySummarySchema, ...errors },
      },
    },
    async (request) => facilitySummaryForUser(db, request.user!, request.params.ndx),
  );
};
