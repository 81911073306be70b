import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_ROLES,
  apiErrorSchema,
  iconQuerySchema,
  publicMapFiltersSchema,
  publicMapLayerListSchema,
  publicMapSourceListSchema,
  unitedLocationsResponseSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { callerOf as callerOfRequest, mapAudienceOf } from '../../access/access-policy';
import { publicAccess, requireRole } from '../../auth/guard';
import type { Db } from '../../db/client';
import { FeedCache } from './feed-cache';
import { iconEtag, iconSvg } from './icon-svg';
import { filtersFor, layersFor, sourcesJsonFor, unitedBody, type Caller } from './public-map.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const JSON_TYPE = 'application/json; charset=utf-8';
/** Sends JSON built by PostgreSQL as it is (strings and buffers skip re-serializing). */
const sendJsonText = (reply: FastifyReply, body: string | Buffer) => reply.type(JSON_TYPE).send(body);
const callerOf = (user: { roles: string[] } | null): Caller => ({ roles: user?.roles ?? [] });

/** The public map's data: layers, sources, the staff-only united feed, filter options and symbol icons. */
export const publicMapRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // One cache per app instance (and so per database).
  const publicFeed = new FeedCache<string>();
  const unitedFeed = new FeedCache<Buffer>();

  app.get(
    '/api/public-map/layers',
    {
      ...publicAccess,
      schema: {
        tags: ['public-map'],
        summary: 'Map layers the caller may see (a bearer token adds staff layers)',
        response: { 200: publicMapLayerListSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The answer depends on who asks: shared caches must key on the token.
      reply.header('vary', 'Authorization').header('cache-control', 'private, no-cache');
      return layersFor(db, callerOf(request.user), (issue) =>
        request.log.warn({ layer: issue.id }, `map layer left out: ${issue.message}`),
      );
    },
  );

  app.get(
    '/api/public-map/sources',
    {
      ...publicAccess,
      schema: {
        tags: ['public-map'],
        summary: 'GeoJSON sources of the visible layers, with public-locations built from the database',
        response: { 200: publicMapSourceListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = await sourcesJsonFor(db, callerOf(request.user), publicFeed);
      reply.header('vary', 'Authorization').header('cache-control', 'private, no-cache');
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/api/public-map/united',
    {
      ...requireRole(...STAFF_ROLES),
      schema: {
        tags: ['public-map'],
        summary: 'Every mapped location with staff popup fields (united-locations)',
        security: [{ bearer: [] }],
        response: { 200: unitedLocationsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return sendJsonText(reply, await unitedBody(db, mapAudienceOf(callerOfRequest(request.user)), unitedFeed));
    },
  );

  app.get(
    '/api/public-map/filters',
    {
      ...publicAccess,
      schema: {
        tags: ['public-map'],
        summary: 'Reporting Status and Location Types filter options (values match the location features)',
        response: { 200: publicMapFiltersSchema, ...errors },
      },
    },
    async () => filtersFor(db),
  );

  app.get(
    '/api/icon/icon',
    {
      ...publicAccess,
      schema: {
        tags: ['public-map'],
        summary: 'A map symbol as SVG',
        querystring: iconQuerySchema,
        response: { 200: z.string().describe('image/svg+xml'), 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const svg = iconSvg(request.query);
      const etag = iconEtag(svg);
      // The URL fully determines the image, so browsers may keep it for a year.
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    },
  );
};
