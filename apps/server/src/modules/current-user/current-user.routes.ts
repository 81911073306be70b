import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, currentUserSchema } from '@portal/contracts';
import { requireAuth } from '../../tokens/guard';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { currentUser } from './current-user.service';

export const currentUserRoutes: FastifyPluginAsync<{ config: AppConfig; db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/auth/me',
    {
      ...requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, their roles and landing page',
        security: [{ bearer: [] }],
        response: { 200: currentUserSchema, 401: apiErrorSchema },
      },
    },
    async (request) => currentUser(db, request.user!),
  );
};
