import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, apiKeyCreatedSchema, apiKeyCreateSchema, apiKeyListSchema, apiKeyParamsSchema } from '@portal/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAuth } from '../../tokens/guard';
import { createApiKey, listOwnApiKeys, revokeOwnApiKey } from './api-keys.service';

const TAGS = ['account'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * Personal API keys of the signed-in user (the Your Account page). Only a signed-in browser
 * manages keys: a request made with a key is refused here by the guard.
 */
export const apiKeysRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/account/api-keys',
    {
      ...requireAuth,
      schema: {
        tags: TAGS,
        summary: "The signed-in user's API keys (never the keys themselves)",
        security: [{ bearer: [] }],
        response: { 200: apiKeyListSchema, ...errors },
      },
    },
    async (request) => ({ keys: await listOwnApiKeys(db, request.user!) }),
  );

  app.post(
    '/api/account/api-keys',
    {
      ...requireAuth,
      schema: {
        tags: TAGS,
        summary: 'Makes an API key for scripts: it reads what the user reads, GET only, until it expires or is revoked',
        security: [{ bearer: [] }],
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createApiKey(db, request.user!, request.body)),
  );

  app.delete(
    '/api/account/api-keys/:id',
    {
      ...requireAuth,
      schema: {
        tags: TAGS,
        summary: 'Revokes one of your API keys: it stops working at once',
        security: [{ bearer: [] }],
        params: apiKeyParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await revokeOwnApiKey(db, request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
