import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_ROLES, apiErrorSchema, ignitionDemoSchema } from '@portal/contracts';
import { requireRole } from '../../tokens/guard';
import type { AppConfig } from '../../config';

/** The SCADA link of /admin/ignition-demo, from the SCADA_URL setting. */
export const ignitionDemoRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (base, { config }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/ignition-demo',
    {
      ...requireRole(...ADMIN_ROLES),
      schema: {
        tags: ['system-management'],
        summary: 'The SCADA site the Ignition demo page links to',
        security: [{ bearer: [] }],
        response: { 200: ignitionDemoSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => ({ scada_url: config.scadaUrl ?? null }),
  );
};
