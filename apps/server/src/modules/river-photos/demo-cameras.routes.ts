import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { rateLimited } from '../../http/rate-limits';
import { demoCameraFrame } from './demo-camera-frames';

/**
 * The demo district's cameras, served by the app itself (their snapshot URLs in `camera`
 * point here), so river photo pages work offline. Frames are cached for a few seconds and the
 * route is rate-limited per address like the camera proxy, so it is no free CPU work.
 */
export const demoCamerasRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/demo-cameras/:file',
    { ...rateLimited({ config: {} }, 'demoCameras'), schema: { hide: true, params: z.object({ file: z.string().max(64) }) } },
    async (request, reply) => {
      const file = request.params.file;
      const frame = file.endsWith('.jpg') ? demoCameraFrame(file.slice(0, -'.jpg'.length)) : null;
      if (!frame) throw notFound(`No demo camera ${file}`);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'no-store')
        .send(await frame);
    },
  );
};
