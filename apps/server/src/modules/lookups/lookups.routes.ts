import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_ROLES, apiErrorSchema, lookupItemParamsSchema, lookupListSchema, lookupParamsSchema, lookupRowSchema } from '@portal/contracts';
import { requireRole } from '../../auth/guard';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { findLookupItem, isLookupName, listLookup } from './lookups.repository';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const unknown = (name: string) => notFound(`Unknown lookup "${name.slice(0, 100)}"`);

/** Generic lookups GET /api/{name} and GET /api/{name}/{id}, for names on the allowlist only. */
export const lookupsRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/:name',
    {
      ...requireRole(...STAFF_ROLES),
      schema: { tags: ['lookups'], summary: 'A lookup list', security: [{ bearer: [] }], params: lookupParamsSchema, response: { 200: lookupListSchema, ...errors } },
    },
    async (request) => {
      const { name } = request.params;
      if (!isLookupName(name)) throw unknown(name);
      return listLookup(db, name);
    },
  );

  app.get(
    '/api/:name/:id',
    {
      ...requireRole(...STAFF_ROLES),
      schema: { tags: ['lookups'], summary: 'One item of a lookup list', security: [{ bearer: [] }], params: lookupItemParamsSchema, response: { 200: lookupRowSchema, ...errors } },
    },
    async (request) => {
      const { name, id } = request.params;
      if (!isLookupName(name)) throw unknown(name);
      const row = await findLookupItem(db, name, id);
      if (!row) throw notFound(`No item ${id} in ${name}`);
      return row;
    },
  );
};
