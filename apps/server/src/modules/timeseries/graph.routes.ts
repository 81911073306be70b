import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GRAPH_PATHS, GRAPH_TYPES, apiErrorSchema, graphParamsSchema, graphRequestSchema, graphResponseSchemaFor } from '@portal/contracts';
import { callerOf } from '../../access/access-policy';
import { publicAccess } from '../../tokens/guard';
import { rateLimited } from '../../http/rate-limits';
import type { Db } from '../../db/client';
import { districtTimeZone } from '../../db/local-day';
import { graphJson } from './graph.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const LABELS = { flow: 'flow (flow_cfs)', stage: 'stage (stage_ft)', waterlevel: 'water level (level_ft)' } as const;

/**
 * The data-visualization panel's graph endpoints, one per value field. Public route; which
 * locations a caller may read is decision 0012 (404 otherwise).
 * Reads only, from `readDb` (a streaming replica when one is configured; decision 0032).
 */
export const graphRoutes: FastifyPluginAsync<{ readDb: Db }> = async (base, { readDb: db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  for (const type of GRAPH_TYPES) {
    app.post(
      `/api/${GRAPH_PATHS[type]}/:id`,
      {
        ...rateLimited(publicAccess, 'graphs'),
        schema: {
          tags: ['timeseries'],
          summary: `Time series of a location's ${LABELS[type]}: every row, plus a chart series downsampled (LTTB) to maxPoints`,
          description:
            `startDate and endDate are calendar days in ${districtTimeZone()} (MM/dd/yyyy or YYYY-MM-DD), both inclusive. ` +
            "'15min' returns the stored readings; 'daily' returns the daily mean per local day, stamped at local midnight.",
          params: graphParamsSchema,
          body: graphRequestSchema,
          response: { 200: graphResponseSchemaFor(type), ...errors },
        },
      },
      async (request, reply) => {
        // The answer depends on who asks (private locations): shared caches must key on the token.
        // Set first, so that the 404 a private location gives the public says so too.
        reply.header('vary', 'Authorization').header('cache-control', 'private, no-cache');
        const body = await graphJson(db, type, request.params.id, request.body, callerOf(request.user));
        // JSON bytes with a JSON content type are sent as they are, skipping the per-row serializer.
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
      },
    );
  }
};
