import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  DATA_REVIEW_EDIT_ROLES,
  DATA_REVIEW_READ_ROLES,
  dataReviewEditBodySchema,
  dataReviewEditCreatedSchema,
  dataReviewEditIdParamsSchema,
  dataReviewEditsResponseSchema,
  dataReviewSeriesResponseSchema,
  flaggedPeriodsResponseSchema,
  dataReviewSeriesParamsSchema,
  dataReviewSeriesQuerySchema,
  parameterChecksListSchema,
  parameterChecksParamsSchema,
  parameterChecksRowSchema,
  parameterChecksSchema,
} from '@portal/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { callerOf } from '../../access/access-policy';
import { requireRole } from '../../tokens/guard';
import { createEdit, readSeries, seriesEdits, undoEdit } from './data-review.service';
import { flaggedPeriods } from './flagged-periods.service';
import { listParameterChecks, updateParameterChecks } from './parameter-checks.service';

const TAGS = ['data-review'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const readers = requireRole(...DATA_REVIEW_READ_ROLES);
const editors = requireRole(...DATA_REVIEW_EDIT_ROLES);

/**
 * Data review and approval: the raw and corrected rows of a series, its changes (each saved with
 * a comment, audited, undone with one call) and the flagged periods to look at first. All Data
 * Users read; Administrators and Developers change. The automatic checks of each parameter are
 * read and changed here too (Administrators, audited).
 */
export const dataReviewRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/data-review/series/:locationNdx/:parameterNdx',
    {
      ...readers,
      schema: {
        tags: TAGS,
        summary: 'The rows of a series in a range: raw value, published value, approval status and qualifiers',
        security: [{ bearer: [] }],
        params: dataReviewSeriesParamsSchema,
        querystring: dataReviewSeriesQuerySchema,
        response: { 200: dataReviewSeriesResponseSchema, ...errors },
      },
    },
    async (request) => readSeries(db, request.user, request.params, request.query),
  );

  app.get(
    '/api/data-review/series/:locationNdx/:parameterNdx/edits',
    {
      ...readers,
      schema: {
        tags: TAGS,
        summary: 'The changes of a series, newest first, undone ones included',
        security: [{ bearer: [] }],
        params: dataReviewSeriesParamsSchema,
        response: { 200: dataReviewEditsResponseSchema, ...errors },
      },
    },
    async (request) => seriesEdits(db, request.user, request.params),
  );

  app.post(
    '/api/data-review/series/:locationNdx/:parameterNdx/edits',
    {
      ...editors,
      schema: {
        tags: TAGS,
        summary: 'Saves one change of a range (delete, set, offset, drift, flag, unflag, approve, unapprove) and publishes it',
        description: 'Refused with 409 when it would change values of an approved range.',
        security: [{ bearer: [] }],
        params: dataReviewSeriesParamsSchema,
        body: dataReviewEditBodySchema,
        response: { 201: dataReviewEditCreatedSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createEdit(db, request.user!, request.params, request.body)),
  );

  app.post(
    '/api/data-review/edits/:editId/undo',
    {
      ...editors,
      schema: {
        tags: TAGS,
        summary: 'Undoes one change: it stays in the list as undone and the series is rebuilt without it',
        security: [{ bearer: [] }],
        params: dataReviewEditIdParamsSchema,
        response: { 204: z.null(), 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await undoEdit(db, request.user!, request.params.editId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/data-review/flagged-periods',
    {
      ...readers,
      schema: {
        tags: TAGS,
        summary: 'Runs of consecutive values flagged by the automatic checks, newest first',
        security: [{ bearer: [] }],
        response: { 200: flaggedPeriodsResponseSchema, ...errors },
      },
    },
    async (request) => flaggedPeriods(db, callerOf(request.user)),
  );

  app.get(
    '/api/data-review/parameter-checks',
    {
      ...readers,
      schema: {
        tags: TAGS,
        summary: "Each parameter's automatic checks (null turns a check off)",
        security: [{ bearer: [] }],
        response: { 200: parameterChecksListSchema, ...errors },
      },
    },
    async () => listParameterChecks(db),
  );

  app.put(
    '/api/data-review/parameter-checks/:parameterNdx',
    {
      ...editors,
      schema: {
        tags: TAGS,
        summary: "Changes one parameter's automatic checks; the next imports use them",
        security: [{ bearer: [] }],
        params: parameterChecksParamsSchema,
        body: parameterChecksSchema,
        response: { 200: parameterChecksRowSchema, ...errors },
      },
    },
    async (request) => updateParameterChecks(db, request.user!, request.params.parameterNdx, request.body),
  );
};
