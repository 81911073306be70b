import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_ROLES,
  apiErrorSchema,
  iconQuerySchema,
  locationPopupParamsSchema,
  publicLocationPopupSchema,
  publicMapFiltersSchema,
  publicMapLayerListSchema,
  publicMapSourceListSchema,
  unitedLocationPopupSchema,
  unitedLocationsResponseSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { callerOf as callerOfRequest, mapAudienceOf } from '../../access/access-policy';
import { publicAccess, requireRole } from '../../tokens/guard';
import type { Db } from '../../db/client';
import type { ReadRouting } from '../../db/read-routing';
import { locationNotFound } from '../../access/access.repository';
import { sendCachedBody } from '../../http/cached-body';
import { iconEtag, iconSvg } from './icon-svg';
import { filtersBody, layersBody, locationPopup, mapFeedCaches, sourcesBody, unitedBody, type Caller } from './public-map.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const callerOf = (user: { roles: string[] } | null): Caller => ({ roles: user?.roles ?? [] });
/** Answers that depend on who asks: a shared cache must key on the token, a browser revalidates with the ETag. */
const PER_CALLER = 'private, no-cache';
/** The same for everybody: shared caches may keep it while they revalidate with the ETag. */
const SAME_FOR_ALL = 'public, no-cache';

/**
 * The public map's data: layers, sources, the staff-only united feed, filter options and symbol icons.
 * The feed version is read on the primary (`db`); feeds are built and popups read from `reads`
 * (a streaming replica when one is configured; decision 0032).
 */
export const publicMapRoutes: FastifyPluginAsync<{ db: Db; reads: ReadRouting }> = async (base, { db, reads }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // One set of caches per app instance (and so per database). The feeds are cheap cached bodies,
  // so they carry no rate limit (decision 0022); a rebuild happens once per data change.
  const caches = mapFeedCaches(db, reads);

  app.get(
    '/api/public-map/layers',
    {
      ...publicAccess,
      schema: {
        tags: ['public-map'],
        summary: 'Map layers the caller may see (a bearer token adds staff layers)',
        response: { 200: publicMapLayerListSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const body = await layersBody(db, callerOf(request.user), caches, (issue) =>
        request.log.warn({ layer: issue.id }, `map layer left out: ${issue.message}`),
      );
      return sendCachedBody(request, reply, body, PER_CALLER);
    },
  );

  app.get(
    '/api/public-map/sources',
    {
      ...publicAccess,
      schema: {
        tags: ['public-map'],
        summary: 'GeoJSON sources of the visible layers, with the lean public-locations feed built from the database',
        response: { 200: publicMapSourceListSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => sendCachedBody(request, reply, await sourcesBody(db, callerOf(request.user), caches), PER_CALLER),
  );

  app.get(
    '/api/public-map/public-locations/:locationNdx',
    {
      ...publicAccess,
      schema: {
        tags: ['public-map'],
        summary: 'Popup properties of one public location (the public-locations feed is lean)',
        params: locationPopupParamsSchema,
        response: { 200: publicLocationPopupSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const properties = await locationPopup(reads.db, 'public', 'public', request.params.locationNdx);
      if (!properties) throw locationNotFound(request.params.locationNdx);
      reply.header('cache-control', 'public, no-cache');
      return { properties: properties as never };
    },
  );

  app.get(
    '/api/public-map/united',
    {
      ...requireRole(...STAFF_ROLES),
      schema: {
        tags: ['public-map'],
        summary: 'Every mapped location of the staff map, lean (united-locations)',
        security: [{ bearer: [] }],
        response: { 200: unitedLocationsResponseSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) =>
      sendCachedBody(request, reply, await unitedBody(db, mapAudienceOf(callerOfRequest(request.user)), caches), 'private, no-cache'),
  );

  app.get(
    '/api/public-map/united/:locationNdx',
    {
      ...requireRole(...STAFF_ROLES),
      schema: {
        tags: ['public-map'],
        summary: 'Popup properties of one united location, with its facilities (staff)',
        security: [{ bearer: [] }],
        params: locationPopupParamsSchema,
        response: { 200: unitedLocationPopupSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const audience = mapAudienceOf(callerOfRequest(request.user));
      const properties = await locationPopup(reads.db, 'united', audience, request.params.locationNdx);
      if (!properties) throw locationNotFound(request.params.locationNdx);
      reply.header('cache-control', 'private, no-cache');
      return { properties: properties as never };
    },
  );

  app.get(
    '/api/public-map/filters',
    {
      ...publicAccess,
      schema: {
        tags: ['public-map'],
        summary: 'Reporting Status and Location Types filter options (values match the location features)',
        response: { 200: publicMapFiltersSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => sendCachedBody(request, reply, await filtersBody(db, caches), SAME_FOR_ALL),
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
