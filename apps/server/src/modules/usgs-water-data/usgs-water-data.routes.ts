import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_ROLES, apiErrorSchema, monitoringLocationQuerySchema, monitoringLocationSchema } from '@portal/contracts';
import { requireRole } from '../../tokens/guard';
import type { AppConfig } from '../../config';
import { findMonitoringLocation } from './monitoring-location.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 502: apiErrorSchema };

/** Locations Setup's "Fill from USGS" (administrators): a monitoring location's name and coordinates. */
export const usgsWaterDataRoutes: FastifyPluginAsync<{ config: Pick<AppConfig, 'usgsWaterDataUrl' | 'usgsApiKey'> }> = async (
  base,
  { config },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/usgs-monitoring-location',
    {
      ...requireRole(...ADMIN_ROLES),
      schema: {
        tags: ['system-management'],
        summary: 'Name and coordinates of a USGS monitoring location (Fill from USGS)',
        security: [{ bearer: [] }],
        querystring: monitoringLocationQuerySchema,
        response: { 200: monitoringLocationSchema, ...errors },
      },
    },
    async (request) =>
      findMonitoringLocation({ baseUrl: config.usgsWaterDataUrl, apiKey: config.usgsApiKey }, request.query.monitoring_location_id),
  );
};
