import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  basemapDataParamsSchema,
  basemapListSchema,
  basemapPreviewParamsSchema,
  basemapStyleParamsSchema,
  basemapStyleQuerySchema,
  glyphRangeParamsSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { rateLimited } from '../../http/rate-limits';
import { publicAccess } from '../../tokens/guard';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { cachedBody, sendCachedBody, type CachedBody } from '../../http/cached-body';
import { atlasData } from './atlas-data';
import { basemapStyle, basemapsFor } from './basemaps.service';
import { glyphRange } from './glyph-ranges';
import { previewSvg } from './preview-svg';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const DAY = 86_400;
const sendText = (reply: FastifyReply, type: string, body: string | Buffer) => reply.type(type).send(body);

// Built and compressed once per process: the map asks for these on every load (decision 0022).
const dataCache = new Map<string, Promise<CachedBody>>();
function datasetBody(file: string): Promise<CachedBody> {
  let body = dataCache.get(file);
  if (!body) {
    const data = atlasData();
    const json = JSON.stringify(file === 'states.geojson' ? data.states : file === 'counties.geojson' ? data.counties : data.labels);
    body = cachedBody(json, 'application/geo+json');
    dataCache.set(file, body);
  }
  return body;
}

/** Basemap list, server-built styles, offline data, glyphs and preview images: all public. */
export const basemapsRoutes: FastifyPluginAsync<{ db: Db; config: AppConfig }> = async (base, { db, config }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Absolute URLs always start with PUBLIC_URL: the Host header is whatever a client sends.
  const origin = config.publicUrl;
  const tags = ['basemaps'];

  app.get(
    '/api/public-map/basemaps',
    {
      ...publicAccess,
      schema: { tags, summary: 'Basemaps for the Basemaps panel, in panel order', response: { 200: basemapListSchema, ...errors } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return basemapsFor(db, config.basemaps, origin);
    },
  );

  app.get(
    '/api/basemaps/:id/style.json',
    {
      ...publicAccess,
      schema: {
        tags,
        summary: 'MapLibre style of a basemap (built from bundled data when offline)',
        params: basemapStyleParamsSchema,
        querystring: basemapStyleQuerySchema,
        response: { 200: z.record(z.string(), z.unknown()), 302: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const answer = await basemapStyle(db, request.params.id, config.basemaps, origin, request.query.offline === 'true');
      if (answer.kind === 'redirect') return reply.redirect(answer.url, 302);
      reply.header('cache-control', 'no-cache');
      return answer.style;
    },
  );

  app.get(
    '/api/basemaps/data/:file',
    {
      ...publicAccess,
      schema: {
        tags,
        summary: 'Bundled GeoJSON of the offline basemap (us-atlas)',
        params: basemapDataParamsSchema,
        response: { 200: z.string(), 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      return sendCachedBody(request, reply, await datasetBody(request.params.file), `public, max-age=${DAY}`, 'Accept-Encoding');
    },
  );

  app.get(
    '/api/basemaps/glyphs/:fontstack/:range',
    {
      ...rateLimited(publicAccess, 'glyphs'),
      schema: {
        tags,
        summary: 'SDF glyph range (protobuf) for map labels, generated locally',
        params: glyphRangeParamsSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const [start] = request.params.range;
      reply.header('cache-control', `public, max-age=${7 * DAY}`);
      return sendText(reply, 'application/x-protobuf', await glyphRange(request.params.fontstack, start));
    },
  );

  app.get(
    '/api/basemaps/previews/:file',
    {
      ...publicAccess,
      schema: {
        tags,
        summary: 'Preview image of a basemap (SVG)',
        params: basemapPreviewParamsSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const name = request.params.file.replace(/\.svg$/, '');
      reply.header('cache-control', `public, max-age=${DAY}`);
      return sendText(reply, 'image/svg+xml; charset=utf-8', previewSvg(name.charAt(0).toUpperCase() + name.slice(1)));
    },
  );
};
