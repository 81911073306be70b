import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  QUERY_DOWNLOAD_INTERVALS,
  QUERY_DOWNLOAD_INTERVAL_LABELS,
  STAFF_ROLES,
  apiErrorSchema,
  displayFacilitySchema,
  qdFacilityTypeSchema,
  qdParameterGroupSchema,
  queryDownloadFileName,
  queryDownloadRequestSchemaFor,
} from '@portal/contracts';
import { z } from 'zod';
import { requireRole } from '../../tokens/guard';
import { rateLimited } from '../../http/rate-limits';
import type { Db } from '../../db/client';
import { districtTimeZone, districtToday } from '../../db/local-day';
import { listParameterGroups, listUnitedFacilityTypes } from './query-download.repository';
import { csvStream, downloadFacilitiesForUser, resolveDownload } from './query-download.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const PREFIX = '/api/facility-query-download';

/**
 * Query & Download - Facility Data, called with a bearer token, for staff roles.
 * Reads only, from `readDb` (a streaming replica when one is configured; decision 0032).
 */
export const queryDownloadRoutes: FastifyPluginAsync<{ readDb: Db }> = async (base, { readDb: db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const common = { ...requireRole(...STAFF_ROLES) };

  app.get(
    `${PREFIX}/list-facility-types-united-only`,
    {
      ...common,
      schema: {
        tags: ['query-download'],
        summary: 'Facility types offered on the united lists, in display order',
        security: [{ bearer: [] }],
        response: { 200: z.array(qdFacilityTypeSchema), ...errors },
      },
    },
    async () => listUnitedFacilityTypes(db),
  );

  app.get(
    `${PREFIX}/list-facilities-with-types`,
    {
      ...common,
      schema: {
        tags: ['query-download'],
        summary: 'Facilities the caller may download (all for administrators), with their types',
        security: [{ bearer: [] }],
        response: { 200: z.array(displayFacilitySchema), ...errors },
      },
    },
    async (request) => downloadFacilitiesForUser(db, request.user!),
  );

  app.get(
    `${PREFIX}/q-d-list-parameter-groups`,
    {
      ...common,
      schema: {
        tags: ['query-download'],
        summary: 'Parameter groups (the page calls them Measurements), in display order',
        security: [{ bearer: [] }],
        response: { 200: z.array(qdParameterGroupSchema), ...errors },
      },
    },
    async () => listParameterGroups(db),
  );

  for (const interval of QUERY_DOWNLOAD_INTERVALS) {
    app.post(
      `${PREFIX}/data-${interval}`,
      {
        ...rateLimited(common, 'download'),
        schema: {
          tags: ['query-download'],
          summary: `${QUERY_DOWNLOAD_INTERVAL_LABELS[interval]} data of the chosen facilities and parameter groups as CSV`,
          description:
            `startDate and endDate are calendar days in ${districtTimeZone()} (MM/dd/yyyy or YYYY-MM-DD), both inclusive. ` +
            'Every facility must be one the caller may open (404 otherwise). The answer is text/csv, streamed.',
          security: [{ bearer: [] }],
          body: queryDownloadRequestSchemaFor(interval),
          response: { 200: z.string().describe('text/csv'), ...errors },
        },
      },
      async (request, reply) => {
        const series = await resolveDownload(db, request.user!, request.body);
        const name = queryDownloadFileName(interval, districtToday());
        return (reply as FastifyReply)
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          .send(csvStream(db, interval, series, request.body));
      },
    );
  }
};
