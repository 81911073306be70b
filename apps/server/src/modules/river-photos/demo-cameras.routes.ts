import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { asBuffer, cpuPool } from '../../cpu-pool/cpu-pool';
import { demoCameraFrameTask, isDemoCameraSlug } from './demo-camera-image';

/**
 * The demo district's cameras, served by the app itself (their snapshot URLs in `camera`
 * point here), so river photo pages work offline.
 */
export const demoCamerasRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/demo-cameras/:file', { schema: { hide: true, params: z.object({ file: z.string().max(64) }) } }, async (request, reply) => {
    const slug = request.params.file.replace(/\.jpg$/, '');
    if (!request.params.file.endsWith('.jpg') || !isDemoCameraSlug(slug)) throw notFound(`No demo camera ${request.params.file}`);
    // Rendering a frame is CPU work: it runs in the worker thread, off the event loop.
    const jpeg = asBuffer(await cpuPool.run(demoCameraFrameTask, [slug, Date.now()]));
    return reply.type('image/jpeg').header('cache-control', 'no-store').send(jpeg);
  });
};
