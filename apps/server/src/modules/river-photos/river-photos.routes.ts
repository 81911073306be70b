import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, riverPhotoRequestSchema } from '@portal/contracts';
import { rateLimited } from '../../http/rate-limits';
import { publicAccess } from '../../tokens/guard';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { LocalFetch } from './camera-fetch';
import { demoCameraFrame } from './demo-camera-frames';
import { getRiverPhoto } from './river-photos.service';

// Image bytes go out as they are; the reply is typed plainly because the schema lists only errors.
const sendImage = (reply: FastifyReply, type: string, bytes: Buffer) =>
  reply.type(type).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').send(bytes);

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema, 504: apiErrorSchema };

/**
 * The camera proxy of the river photo pages, public like the pages themselves.
 * Reads only, from `readDb` (a streaming replica when one is configured; decision 0032).
 */
export const riverPhotosRoutes: FastifyPluginAsync<{ readDb: Db; config: AppConfig }> = async (base, { readDb: db, config }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Demo cameras are paths of this app: their frames are read in-process, so the demo needs no
  // network, and the proxy's own rate limit is the one that counts (not the demo route's, which
  // would see every proxied request as coming from this server).
  const fetchLocal: LocalFetch = async (path) => {
    const frame = demoCameraFrame(path.replace(/^\/demo-cameras\//, '').replace(/\.jpg$/, ''));
    if (!frame) return { status: 404, contentType: 'application/json', bytes: Buffer.from('{}') };
    return { status: 200, contentType: 'image/jpeg', bytes: await frame };
  };

  app.post(
    '/api/river-photos',
    {
      ...rateLimited(publicAccess, 'cameraProxy'),
      schema: {
        tags: ['cameras'],
        summary: "A registered river camera's current snapshot (image bytes), with its privacy mask applied",
        description:
          'Only cameras stored in the camera table are fetched (by cameraUrl, exact match, or by camera key). ' +
          '503/504: the camera did not answer; 502: it answered something that is not a usable image.',
        body: riverPhotoRequestSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const photo = await getRiverPhoto(
        { db, masksDir: config.cameraMasksDir, timeoutMs: config.cameraTimeoutMs, fetchLocal },
        request.body,
      );
      return sendImage(reply, photo.contentType, photo.bytes);
    },
  );
};
