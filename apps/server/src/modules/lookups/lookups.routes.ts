import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  LOOKUP_NAMES,
  STAFF_ROLES,
  apiErrorSchema,
  lookupItemParamsSchema,
  lookupListSchema,
  lookupRowSchema,
  type LookupName,
  type RoleName,
} from '@portal/contracts';
import { callerOf } from '../../access/access-policy';
import { requireRole } from '../../tokens/guard';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { findLookupItem, listLookup } from './lookups.repository';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const itemParamsSchema = lookupItemParamsSchema.pick({ id: true });

/**
 * Who may read each lookup, list and items alike. The imports form's lists are served, admin-only,
 * by the imports module (its columns); their items here keep that access.
 */
export const LOOKUP_ACCESS: Record<LookupName, { roles: readonly RoleName[]; listServedBy: 'lookups' | 'imports' }> = {
  list_facility_types_united_only: { roles: STAFF_ROLES, listServedBy: 'lookups' },
  'list-facility-types-united-only': { roles: STAFF_ROLES, listServedBy: 'lookups' },
  'list-location-types': { roles: STAFF_ROLES, listServedBy: 'lookups' },
  'list-waterbodies': { roles: STAFF_ROLES, listServedBy: 'lookups' },
  'list-counties': { roles: STAFF_ROLES, listServedBy: 'lookups' },
  'list-alert-types': { roles: STAFF_ROLES, listServedBy: 'lookups' },
  'list-parameter-groups': { roles: STAFF_ROLES, listServedBy: 'lookups' },
  'list-units': { roles: ADMIN_ROLES, listServedBy: 'imports' },
  'list-sources': { roles: ADMIN_ROLES, listServedBy: 'imports' },
  'list-import-delimiter': { roles: ADMIN_ROLES, listServedBy: 'imports' },
  'list-parameters': { roles: ADMIN_ROLES, listServedBy: 'imports' },
  'list-locations': { roles: ADMIN_ROLES, listServedBy: 'imports' },
};

/**
 * Lookups whose `/api/{name}/{ids}` is the facility page's comma-list form, served as
 * arrays by the drill-down module (decision 0017) instead of a single item here.
 */
export const LOOKUP_ITEMS_AS_LISTS: readonly LookupName[] = ['list-parameters', 'list-locations'];

/**
 * Generic lookups GET /api/{name} and GET /api/{name}/{id}, one explicit route per allow-listed
 * name with its own declared access: any other path falls to the 404 handler for every caller.
 */
export const lookupsRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  for (const name of LOOKUP_NAMES) {
    const { roles, listServedBy } = LOOKUP_ACCESS[name];
    const access = requireRole(...roles);
    if (listServedBy === 'lookups') {
      app.get(
        `/api/${name}`,
        {
          ...access,
          schema: {
            tags: ['lookups'],
            summary: `The ${name} lookup list`,
            security: [{ bearer: [] }],
            response: { 200: lookupListSchema, ...errors },
          },
        },
        async (request) => listLookup(db, name, callerOf(request.user)),
      );
    }
    if (LOOKUP_ITEMS_AS_LISTS.includes(name)) continue;
    app.get(
      `/api/${name}/:id`,
      {
        ...access,
        schema: {
          tags: ['lookups'],
          summary: `One item of the ${name} lookup list`,
          security: [{ bearer: [] }],
          params: itemParamsSchema,
          response: { 200: lookupRowSchema, ...errors },
        },
      },
      async (request) => {
        const { id } = request.params;
        const row = await findLookupItem(db, name, callerOf(request.user), id);
        if (!row) throw notFound(`No item ${id} in ${name}`);
        return row;
      },
    );
  }
};
