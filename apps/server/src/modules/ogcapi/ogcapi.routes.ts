import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OGC_COLLECTION_IDS,
  ogcCollectionParamsSchema,
  ogcCollectionSchema,
  ogcCollectionsSchema,
  ogcConformanceSchema,
  ogcExceptionSchema,
  ogcFormatQuerySchema,
  ogcItemParamsSchema,
  ogcItemQuerySchema,
  ogcItemsQuerySchema,
  ogcLandingPageSchema,
  ogcLinkSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { callerOf, type Caller } from '../../access/access-policy';
import { publicAccess } from '../../tokens/guard';
import { matchesEtag } from '../../http/cached-body';
import { rateLimited } from '../../http/rate-limits';
import type { Db } from '../../db/client';
import { encodeCursorText } from './ogcapi-cursor';
import { csvHeader } from './ogcapi-csv';
import { ogcNotFound, registerOgcErrorHandler } from './ogcapi-errors';
import { GEOJSON_TYPE, OPENAPI_TYPE, ogcLinks } from './ogcapi-links';
import { openDataApiDocument } from './ogcapi-openapi';
import { csvPageStream, featureCollectionStream, type PageEnd, type PageRequest } from './ogcapi-pages';
import { countMatched, pageEndKey, readBatch } from './ogcapi.repository';
import {
  answerEtag,
  cacheControlFor,
  collectionDocument,
  collectionOf,
  conformance,
  featureFilter,
  landingPage,
  pageLinks,
  planItems,
  queryables,
  renderingOf,
} from './ogcapi.service';

/** If-None-Match names this weak ETag (compared weakly, as a GET's validator is). */
const holdsEtag = (request: FastifyRequest, etag: string) => matchesEtag(request.headers['if-none-match'], etag.replace(/^W\//, ''));

const errors = { 400: ogcExceptionSchema, 401: ogcExceptionSchema, 404: ogcExceptionSchema, 429: ogcExceptionSchema };
const access = rateLimited(publicAccess, 'openData');
const TAGS = ['ogcapi'];
const BEARER = 'Anonymous callers read public locations only; a bearer token reads what the caller may read on the web pages.';

const featureCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(z.unknown()),
    numberReturned: z.number(),
    numberMatched: z.number().optional(),
    timeStamp: z.string(),
    links: z.array(ogcLinkSchema),
  })
  .describe('GeoJSON (application/geo+json), or text/csv with f=csv');

/**
 * The open data API: OGC API - Features at /ogcapi, read by QGIS (GDAL's OAPIF driver), OWSLib
 * and any client written for USGS's Water Data API (decision 0027). Every route is public; what
 * a caller reads is decision 0012's, and errors take the OGC exception shape.
 * Reads only, from `readDb` (a streaming replica when one is configured; decision 0032).
 */
export const ogcapiRoutes: FastifyPluginAsync<{ readDb: Db; publicUrl: string }> = async (base, { readDb: db, publicUrl }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  registerOgcErrorHandler(app);
  const links = ogcLinks(publicUrl);

  /** Sends a small JSON answer with its validator; 304 when the client holds it. */
  async function sendValidated(request: FastifyRequest, reply: FastifyReply, caller: Caller, build: () => Promise<unknown> | unknown) {
    const etag = await answerEtag(db, caller, request.url, new Date());
    reply.header('etag', etag).header('cache-control', cacheControlFor(caller)).header('vary', 'Authorization');
    if (holdsEtag(request, etag)) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(await build());
  }

  app.get(
    '/ogcapi',
    {
      ...access,
      schema: {
        tags: TAGS,
        summary: 'Open data API landing page (OGC API - Features)',
        description: BEARER,
        querystring: ogcFormatQuerySchema,
        response: { 200: ogcLandingPageSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => sendValidated(request, reply, callerOf(request.user), () => landingPage(links)),
  );

  let openApi: unknown;
  app.get(
    '/ogcapi/api',
    {
      ...access,
      schema: {
        tags: TAGS,
        summary: 'The OpenAPI document of the open data API alone, one items path per collection (its service-desc)',
        querystring: ogcFormatQuerySchema,
        response: { 200: z.record(z.string(), z.unknown()), ...errors },
      },
    },
    async (_request, reply) => {
      openApi ??= openDataApiDocument(app.swagger() as never, links.root);
      return (reply as FastifyReply)
        .type(`${OPENAPI_TYPE}; charset=utf-8`)
        .header('cache-control', 'public, max-age=3600')
        .send(JSON.stringify(openApi));
    },
  );

  app.get(
    '/ogcapi/conformance',
    {
      ...access,
      schema: {
        tags: TAGS,
        summary: 'Conformance classes: Features Part 1 core, GeoJSON, OpenAPI 3.0',
        querystring: ogcFormatQuerySchema,
        response: { 200: ogcConformanceSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => sendValidated(request, reply, callerOf(request.user), conformance),
  );

  app.get(
    '/ogcapi/collections',
    {
      ...access,
      schema: {
        tags: TAGS,
        summary: `The collections (${OGC_COLLECTION_IDS.join(', ')}) with their extents`,
        description: BEARER,
        querystring: ogcFormatQuerySchema,
        response: { 200: ogcCollectionsSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request.user);
      return sendValidated(request, reply, caller, async () => ({
        collections: await Promise.all(OGC_COLLECTION_IDS.map((id) => collectionDocument(db, caller, links, id))),
        links: [{ href: links.collections, rel: 'self', type: 'application/json', title: 'This document' }],
      }));
    },
  );

  app.get(
    '/ogcapi/collections/:collectionId',
    {
      ...access,
      schema: {
        tags: TAGS,
        summary: 'One collection with its extent (of the data the caller may read)',
        params: ogcCollectionParamsSchema,
        querystring: ogcFormatQuerySchema,
        response: { 200: ogcCollectionSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request.user);
      const id = collectionOf(request.params.collectionId);
      return sendValidated(request, reply, caller, () => collectionDocument(db, caller, links, id));
    },
  );

  app.get(
    '/ogcapi/collections/:collectionId/queryables',
    {
      ...access,
      schema: {
        tags: TAGS,
        summary: 'The properties a collection filters on, as JSON Schema',
        params: ogcCollectionParamsSchema,
        querystring: ogcFormatQuerySchema,
        response: { 200: z.record(z.string(), z.unknown()), 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const id = collectionOf(request.params.collectionId);
      await sendValidated(request, reply, callerOf(request.user), () => queryables(links, id));
      return reply.type('application/schema+json');
    },
  );

  app.get(
    '/ogcapi/collections/:collectionId/items',
    {
      ...access,
      schema: {
        tags: TAGS,
        summary: 'Features of a collection, one page at a time (follow the link of rel "next")',
        description:
          `${BEARER} Pages are keyset pages: a next link stays correct while values are added. ` +
          'datetime (or time) takes an instant with a time zone, a district calendar date, or an interval start/end with .. for an open end.',
        params: ogcCollectionParamsSchema,
        querystring: ogcItemsQuerySchema,
        response: { 200: featureCollectionSchema, 304: z.null(), ...errors },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as FastifyReply;
      const caller = callerOf(request.user);
      const collection = collectionOf(request.params.collectionId);
      const plan = planItems(collection, request.query);
      const etag = await answerEtag(db, caller, request.url, new Date());
      reply.header('etag', etag).header('cache-control', cacheControlFor(caller)).header('vary', 'Authorization');
      if (holdsEtag(request, etag)) return reply.status(304).send();
      const page: PageRequest = { collection, caller, ...plan, asOf: new Date() };
      const search = new URL(request.url, 'http://ogcapi.invalid').searchParams;
      if (plan.rendering.format === 'csv') {
        const endKey = await pageEndKey(db, collection, {
          caller,
          filter: plan.filter,
          after: plan.after,
          take: plan.limit,
          asOf: page.asOf,
        });
        if (endKey !== null) {
          const next = new URLSearchParams(search);
          next.set('cursor', encodeCursorText(collection, endKey));
          reply.header('link', `<${links.items(collection, next)}>; rel="next"; type="text/csv"`);
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `inline; filename="${collection}.csv"`)
          .send(csvPageStream(db, page));
      }
      const numberMatched = await countMatched(db, collection, { caller, filter: plan.filter, asOf: page.asOf });
      const tail = (end: PageEnd) =>
        `,"numberReturned":${end.numberReturned}${numberMatched === null ? '' : `,"numberMatched":${numberMatched}`}` +
        `,"timeStamp":"${page.asOf.toISOString()}","links":${JSON.stringify(pageLinks(links, collection, search, end.nextCursor))}`;
      return reply.type(`${GEOJSON_TYPE}; charset=utf-8`).send(featureCollectionStream(db, page, tail));
    },
  );

  app.get(
    '/ogcapi/collections/:collectionId/items/:featureId',
    {
      ...access,
      schema: {
        tags: TAGS,
        summary: 'One feature by its id (absent, as 404, when the caller may not read it)',
        params: ogcItemParamsSchema,
        querystring: ogcItemQuerySchema,
        response: { 200: z.record(z.string(), z.unknown()).describe('A GeoJSON Feature'), 304: z.null(), ...errors },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as FastifyReply;
      const caller = callerOf(request.user);
      const collection = collectionOf(request.params.collectionId);
      const filter = featureFilter(collection, request.params.featureId);
      const rendering = renderingOf(collection, request.query);
      const batch = await readBatch(db, collection, { caller, filter, after: null, take: 1, asOf: new Date() }, rendering);
      if (batch.rows === 0 || !batch.text) {
        throw ogcNotFound(`No feature "${request.params.featureId.slice(0, 60)}" in the collection ${collection}`);
      }
      const etag = await answerEtag(db, caller, request.url, new Date());
      reply.header('etag', etag).header('cache-control', cacheControlFor(caller)).header('vary', 'Authorization');
      if (holdsEtag(request, etag)) return reply.status(304).send();
      if (rendering.format === 'csv') return reply.type('text/csv; charset=utf-8').send(csvHeader(rendering) + batch.text);
      const feature = JSON.parse(batch.text) as Record<string, unknown>;
      feature.links = [
        { href: links.item(collection, request.params.featureId), rel: 'self', type: GEOJSON_TYPE, title: 'This feature' },
        { href: links.collection(collection), rel: 'collection', type: 'application/json', title: 'The collection' },
      ];
      return reply.type(`${GEOJSON_TYPE}; charset=utf-8`).send(JSON.stringify(feature));
    },
  );
};
