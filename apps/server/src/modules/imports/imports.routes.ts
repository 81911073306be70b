import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ROLES,
  apiErrorSchema,
  importDataSourceOptionSchema,
  importDelimiterOptionSchema,
  importLocationOptionSchema,
  importNdxParamsSchema,
  importParameterOptionSchema,
  importRunSchema,
  importRunsQuerySchema,
  importSourceInputSchema,
  importSourceSchema,
  importUnitOptionSchema,
  runNowResultSchema,
} from '@portal/contracts';
import { requireRole } from '../../tokens/guard';
import type { Db } from '../../db/client';
import { importLookups } from './imports.repository';
import { createSource, deleteSource, getSource, listRuns, listSources, runNow, updateSource } from './imports.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const admin = { ...requireRole(...ADMIN_ROLES) };
const meta = (summary: string) => ({ tags: ['imports'], summary, security: [{ bearer: [] }] });

/** Imports Configuration: import sources, their runs and the form's lookups; administrators only. */
export const importsRoutes: FastifyPluginAsync<{ db: Db; importRoot: string }> = async (base, { db, importRoot }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/import-data-sources',
    {
      ...admin,
      schema: { ...meta('Every import source with its names and latest run'), response: { 200: z.array(importSourceSchema), ...errors } },
    },
    async () => listSources(db),
  );

  app.post(
    '/api/import-data-sources',
    {
      ...admin,
      schema: { ...meta('Create an import source'), body: importSourceInputSchema, response: { 201: importSourceSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createSource(db, request.user, request.body, importRoot)),
  );

  app.get(
    '/api/import-data-sources/:import_ndx',
    { ...admin, schema: { ...meta('One import source'), params: importNdxParamsSchema, response: { 200: importSourceSchema, ...errors } } },
    async (request) => getSource(db, request.params.import_ndx),
  );

  app.put(
    '/api/import-data-sources/:import_ndx',
    {
      ...admin,
      schema: {
        ...meta('Replace an import source'),
        params: importNdxParamsSchema,
        body: importSourceInputSchema,
        response: { 200: importSourceSchema, ...errors },
      },
    },
    async (request) => updateSource(db, request.user, request.params.import_ndx, request.body, importRoot),
  );

  app.delete(
    '/api/import-data-sources/:import_ndx',
    {
      ...admin,
      schema: {
        ...meta('Delete an import source and its run history'),
        params: importNdxParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSource(db, request.user, request.params.import_ndx);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/import-data-sources/:import_ndx/runs',
    {
      ...admin,
      schema: {
        ...meta('Latest runs of a source, newest first (Processing Status)'),
        params: importNdxParamsSchema,
        querystring: importRunsQuerySchema,
        response: { 200: z.array(importRunSchema), ...errors },
      },
    },
    async (request) => listRuns(db, request.params.import_ndx, request.query.limit),
  );

  app.post(
    '/api/import-data-sources/:import_ndx/run-now',
    { ...admin, schema: { ...meta('Run a source now'), params: importNdxParamsSchema, response: { 200: runNowResultSchema, ...errors } } },
    async (request) => runNow(db, request.user, request.params.import_ndx),
  );

  // The imports form's dropdowns. They are registered here, admin-only, with the columns the
  // form shows (the import option schemas in contracts); static paths take precedence over the generic GET /api/{name}.
  const lookups = [
    ['/api/list-locations', 'Locations for the imports form', importLocationOptionSchema, importLookups.locations],
    ['/api/list-parameters', 'Parameters for the imports form', importParameterOptionSchema, importLookups.parameters],
    ['/api/list-sources', 'Data sources for the imports form', importDataSourceOptionSchema, importLookups.sources],
    ['/api/list-units', 'Units for the imports form', importUnitOptionSchema, importLookups.units],
    ['/api/list-import-delimiter', 'Text file delimiters for the imports form', importDelimiterOptionSchema, importLookups.delimiters],
  ] as const;
  for (const [url, summary, schema, load] of lookups) {
    app.get(url, { ...admin, schema: { ...meta(summary), response: { 200: z.array(schema as z.ZodType), ...errors } } }, async () =>
      load(db),
    );
  }
};
