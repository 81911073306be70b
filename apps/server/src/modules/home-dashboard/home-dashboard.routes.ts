import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_ROLES,
  apiErrorSchema,
  dashboardParametersResponseSchema,
  dashgraphParamsSchema,
  homeDashboardResponseSchema,
} from '@portal/contracts';
import { callerOf } from '../../access/access-policy';
import { requireRole } from '../../tokens/guard';
import type { Db } from '../../db/client';
import { dashboardParameters, dashgraphData } from './home-dashboard.service';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

/** The home dashboard's calls: staff roles; the locations follow decision 0012. */
export const homeDashboardRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const guard = requireRole(...STAFF_ROLES);

  app.get(
    '/api/list-dashboard-parameters',
    {
      ...guard,
      schema: {
        tags: ['home dashboard'],
        summary: 'Parameters with data at a location the caller may read',
        security: [{ bearer: [] }],
        response: { 200: dashboardParametersResponseSchema, ...errors },
      },
    },
    async (request) => dashboardParameters(db, callerOf(request.user)),
  );

  app.get(
    '/api/display-dashgraph-data-hourly/:parameter/:hours',
    {
      ...guard,
      schema: {
        tags: ['home dashboard'],
        summary: 'Newest value per location of a parameter as of `hours` (0-24) hours ago, sorted by location label',
        security: [{ bearer: [] }],
        params: dashgraphParamsSchema,
        response: { 200: homeDashboardResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => dashgraphData(db, callerOf(request.user), request.params.parameter, request.params.hours),
  );
};
