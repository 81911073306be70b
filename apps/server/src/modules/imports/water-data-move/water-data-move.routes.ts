import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  apiErrorSchema,
  importNdxParamsSchema,
  moveToWaterDataBodySchema,
  moveToWaterDataResultSchema,
} from '@portal/contracts';
import { requireRole } from '../../../tokens/guard';
import type { Db } from '../../../db/client';
import { moveOneToWaterData, moveToWaterData } from './water-data-move.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const admin = { ...requireRole(...ADMIN_ROLES) };
const meta = (summary: string) => ({ tags: ['imports'], summary, security: [{ bearer: [] }] });

/** "Move to the Water Data API" of the Imports Configuration page; administrators only, audited. */
export const waterDataMoveRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/import-data-sources/move-to-water-data-api',
    {
      ...admin,
      schema: {
        ...meta('Move USGS WaterServices sources (the listed ones, or all) to the Water Data API, keeping their high-water marks'),
        body: moveToWaterDataBodySchema,
        response: { 200: moveToWaterDataResultSchema, ...errors },
      },
    },
    async (request) => moveToWaterData(db, request.user, request.body.import_ndx),
  );

  app.post(
    '/api/import-data-sources/:import_ndx/move-to-water-data-api',
    {
      ...admin,
      schema: {
        ...meta('Move one USGS WaterServices source to the Water Data API, keeping its high-water mark'),
        params: importNdxParamsSchema,
        response: { 200: moveToWaterDataResultSchema, ...errors },
      },
    },
    async (request) => moveOneToWaterData(db, request.user, request.params.import_ndx),
  );
};
