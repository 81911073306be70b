import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ogcCollectionParamsSchema,
  ogcCollectionSchema,
  ogcCollectionsSchema,
  ogcConformanceSchema,
  ogcExceptionSchema,
  ogcFormatQuerySchema,
  ogcItemParamsSchema,
  ogcItemQuerySchema,
  ogcItemsQuerySchema,
  ogcJsonOnlyQuerySchema,
  ogcLandingPageSchema,
  ogcLinkSchema,
  type OgcItemsQuery,
} from '@portal/contracts';
import { z } from 'zod';
import { callerOf, type Caller } from '../../access/access-policy';
import { publicAccess } from '../../tokens/guard';
import { matchesEtag } from '../../http/cached-body';
import { rateLimited } from '../../http/rate-limits';
import type { Db } from '../../db/client';
import { COLLECTIONS, type OgcCollectionDefinition } from './collections';
import { ogcNotFound, registerOgcErrorHandler } from './ogcapi-errors';
import { GEOJSON_TYPE, htmlAlternate, OGC_ROOTS, OPENAPI_TYPE, ogcLinks, type OgcRoot } from './ogcapi-links';
import { wantsHtml } from './html/html-format';
import { collectionHtml, collectionsHtml, conformanceHtml, itemHtml, landingHtml, type GeoFeature } from './html/html-pages';
import { htmlLimit, itemsPageHtml } from './html/html-items';
import { openDataApiDocument } from './ogcapi-openapi';
import { csvPage, featureCollectionStream, type PageEnd, type PageRequest } from './ogcapi-pages';
import { countMatched, readBatch, type Agency } from './ogcapi.repository';
import {
  answerEtag,
  cacheControlFor,
  collectionDocument,
  collectionOf,
  conformance,
  featureFilter,
  featureSchema,
  landingPage,
  pageLinks,
  searchWithBodyFilter,
  planItems,
  queryables,
  renderingOf,
} from './ogcapi.service';

/**
 * Without `f`, the Accept header chooses between JSON and the page for people where there is one,
 * so shared caches must keep them apart by it; with `f`, the address alone decides.
 */
const varyOf = (f: string | undefined, hasHtml: boolean) => (f === undefined && hasHtml ? 'Authorization, Accept' : 'Authorization');

/** If-None-Match names this weak ETag (compared weakly, as a GET's validator is). */
const holdsEtag = (request: FastifyRequest, etag: string) => matchesEtag(request.headers['if-none-match'], etag.replace(/^W\//, ''));

const errors = { 400: ogcExceptionSchema, 401: ogcExceptionSchema, 404: ogcExceptionSchema, 429: ogcExceptionSchema };
const access = rateLimited(publicAccess, 'openData');
const TAGS = ['ogcapi'];
const BEARER = 'Anonymous callers read public locations only; a bearer token reads what the caller may read on the web pages.';
/** The media type of a CQL2 JSON body, and the largest body read. */
const CQL_JSON = 'application/query-cql-json';
const CQL_BODY_LIMIT = 64 * 1024;

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

/** A POSTed CQL2 JSON filter (application/query-cql-json or application/json), kept as its text. */
const cqlBodySchema = z.string().max(CQL_BODY_LIMIT).describe('A CQL2 JSON filter on the queryables');

interface Options {
  readDb: Db;
  publicUrl: string;
  agency: Agency;
}

/**
 * The open data API: OGC API - Features at /ogcapi/v0 (where USGS's clients look) and /ogcapi,
 * read by QGIS (GDAL's OAPIF driver), OWSLib and USGS's own client dataretrieval (decision 0027,
 * 0042). Every route is public; what a caller reads is decision 0012's, and errors take the OGC
 * exception shape. Reads only, from `readDb` (a streaming replica when one is configured;
 * decision 0032). Links point under the root that was asked.
 */
export const ogcapiRoutes: FastifyPluginAsync<Options> = async (base, options) => {
  for (const root of OGC_ROOTS) {
    await base.register(async (scope) => ogcapiRoot(scope, { ...options, root }), { prefix: root });
  }
};

async function ogcapiRoot(base: FastifyInstance, { readDb: db, publicUrl, agency, root }: Options & { root: OgcRoot }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  registerOgcErrorHandler(app);
  // A CQL2 filter body is read as text and parsed by the filter reader, whose errors say where.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser([CQL_JSON, 'application/json'], { parseAs: 'string', bodyLimit: CQL_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  const links = ogcLinks(publicUrl, root);
  // Both roots serve the same routes: the OpenAPI document describes them once, under /ogcapi.
  const hide = root !== '/ogcapi';

  /**
   * Sends a small JSON answer, or its page for people when asked for one and `html` makes it, with
   * its validator; 304 when the client holds it. The two are told apart in the ETag, and without
   * `f` the Accept header chooses, so caches keep them apart by it (Vary).
   */
  async function sendValidated<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: Caller,
    build: () => Promise<T> | T,
    type = 'application/json',
    html?: (doc: T) => string,
  ) {
    const f = (request.query as { f?: string } | undefined)?.f;
    const asHtml = html !== undefined && wantsHtml(f, request.headers.accept);
    const etag = await answerEtag(db, caller, asHtml ? `${request.url}\nhtml` : request.url, new Date());
    reply
      .header('etag', etag)
      .header('cache-control', cacheControlFor(caller))
      .header('vary', varyOf(f, html !== undefined));
    if (holdsEtag(request, etag)) return reply.status(304).send();
    if (asHtml) return reply.type('text/html; charset=utf-8').send(html(await build()));
    return reply.type(`${type}; charset=utf-8`).send(JSON.stringify(await build()));
  }

  app.get(
    '/',
    {
      ...access,
      schema: {
        hide,
        tags: TAGS,
        summary: 'Open data API landing page (OGC API - Features; also at /ogcapi/v0, where USGS clients look)',
        description: BEARER,
        querystring: ogcFormatQuerySchema,
        response: { 200: ogcLandingPageSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) =>
      sendValidated(
        request,
        reply,
        callerOf(request.user),
        () => landingPage(links),
        undefined,
        (doc) => landingHtml(links, doc),
      ),
  );

  let openApi: unknown;
  app.get(
    '/api',
    {
      ...access,
      schema: {
        hide,
        tags: TAGS,
        summary: 'The OpenAPI document of the open data API alone, one items path per collection (its service-desc)',
        querystring: ogcJsonOnlyQuerySchema,
        response: { 200: z.record(z.string(), z.unknown()), ...errors },
      },
    },
    async (_request, reply) => {
      openApi ??= openDataApiDocument(base.swagger() as never, links.root);
      return (reply as FastifyReply)
        .type(`${OPENAPI_TYPE}; charset=utf-8`)
        .header('cache-control', 'public, max-age=3600')
        .send(JSON.stringify(openApi));
    },
  );

  app.get(
    '/conformance',
    {
      ...access,
      schema: {
        hide,
        tags: TAGS,
        summary: 'Conformance classes: Features Part 1 core, GeoJSON, OpenAPI 3.0, queryables and CQL2 filters',
        querystring: ogcFormatQuerySchema,
        response: { 200: ogcConformanceSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) =>
      sendValidated(
        request,
        reply,
        callerOf(request.user),
        () => conformance(links),
        undefined,
        (doc) => conformanceHtml(links, doc),
      ),
  );

  app.get(
    '/collections',
    {
      ...access,
      schema: {
        hide,
        tags: TAGS,
        summary: `The collections (${COLLECTIONS.map((c) => c.id).join(', ')}) with their extents`,
        description: BEARER,
        querystring: ogcFormatQuerySchema,
        response: { 200: ogcCollectionsSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request.user);
      return sendValidated(
        request,
        reply,
        caller,
        async () => ({
          collections: await Promise.all(COLLECTIONS.map((c) => collectionDocument(db, caller, links, c))),
          links: [
            { href: links.collections, rel: 'self', type: 'application/json', title: 'This document' },
            htmlAlternate(links.collections),
          ],
        }),
        undefined,
        (doc) => collectionsHtml(links, doc),
      );
    },
  );

  app.get(
    '/collections/:collectionId',
    {
      ...access,
      schema: {
        hide,
        tags: TAGS,
        summary: 'One collection with its extent (of the data the caller may read)',
        params: ogcCollectionParamsSchema,
        querystring: ogcFormatQuerySchema,
        response: { 200: ogcCollectionSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request.user);
      const c = collectionOf(request.params.collectionId);
      return sendValidated(
        request,
        reply,
        caller,
        () => collectionDocument(db, caller, links, c),
        undefined,
        (doc) => collectionHtml(links, doc, queryables(links, c) as never),
      );
    },
  );

  for (const [path, summary, document] of [
    ['queryables', 'The properties a collection filters on, as JSON Schema', queryables],
    ['schema', "The properties of a collection's features, as JSON Schema", featureSchema],
  ] as const) {
    app.get(
      `/collections/:collectionId/${path}`,
      {
        ...access,
        schema: {
          hide,
          tags: TAGS,
          summary,
          params: ogcCollectionParamsSchema,
          querystring: ogcJsonOnlyQuerySchema,
          response: { 200: z.record(z.string(), z.unknown()), 304: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const c = collectionOf(request.params.collectionId);
        return sendValidated(request, reply, callerOf(request.user), () => document(links, c), 'application/schema+json');
      },
    );
  }

  /** One page of features (GeoJSON streamed, or CSV with its next page in the Link header). */
  async function sendItems(
    request: FastifyRequest,
    reply: FastifyReply,
    c: OgcCollectionDefinition,
    query: OgcItemsQuery,
    body: string | null,
  ) {
    const caller = callerOf(request.user);
    // A POSTed filter is a program's; a page for people is a GET.
    const asHtml = body === null && wantsHtml(query.f, request.headers.accept);
    const htmlPageSize = asHtml ? htmlLimit(query.limit) : null;
    const plan = planItems(c, htmlPageSize === null ? query : ({ ...query, limit: htmlPageSize } as OgcItemsQuery), agency, body);
    const etag = await answerEtag(db, caller, asHtml ? `${request.url}\nhtml` : request.url, new Date(), body);
    reply
      .header('etag', etag)
      .header('cache-control', cacheControlFor(caller))
      .header('vary', varyOf(query.f, body === null));
    if (body === null && holdsEtag(request, etag)) return reply.status(304).send();
    const page: PageRequest = { collection: c, caller, agency, ...plan, asOf: new Date() };
    const requested = new URL(request.url, 'http://ogcapi.invalid').searchParams;
    // A POSTed filter travels in the body: its links carry it in the query, so a client pages with GET.
    const search = body === null ? requested : searchWithBodyFilter(requested, query, body);
    if (asHtml) {
      const numberMatched = await countMatched(db, c, { caller, agency, filter: plan.filter, asOf: page.asOf });
      const geojson = featureCollectionStream(db, page, (end) => pageTail(end, numberMatched));
      const html = await itemsPageHtml(links, c, plan.rendering.properties, search, plan.limit, geojson);
      return reply.type('text/html; charset=utf-8').send(html);
    }
    if (plan.rendering.format === 'csv') {
      const csv = await csvPage(db, page);
      if (csv.nextCursor !== null) {
        const next = new URLSearchParams(search);
        next.set('cursor', csv.nextCursor);
        reply.header('link', `<${links.items(c.id, next)}>; rel="next"; type="text/csv"`);
      }
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `inline; filename="${c.id}.csv"`).send(csv.body);
    }
    const numberMatched = await countMatched(db, c, { caller, agency, filter: plan.filter, asOf: page.asOf });
    return reply.type(`${GEOJSON_TYPE}; charset=utf-8`).send(featureCollectionStream(db, page, (end) => pageTail(end, numberMatched)));

    /** The members of a page known only at its end: the count, the time and the links (next when there is one). */
    function pageTail(end: PageEnd, numberMatched: number | null): string {
      return (
        `,"numberReturned":${end.numberReturned}${numberMatched === null ? '' : `,"numberMatched":${numberMatched}`}` +
        `,"timeStamp":"${page.asOf.toISOString()}","links":${JSON.stringify(pageLinks(links, c, search, end.nextCursor))}`
      );
    }
  }

  const itemsDescription =
    `${BEARER} Pages are keyset pages: a next link stays correct while values are added. ` +
    'datetime (or time) takes an instant with a time zone, a district calendar date, an interval start/end with .. for an open end, ' +
    'or a duration (P7D, PT12H) meaning the period ending now. Every queryable filters as a query parameter (a comma list) and in filter (CQL2).';

  app.get(
    '/collections/:collectionId/items',
    {
      ...access,
      schema: {
        hide,
        tags: TAGS,
        summary: 'Features of a collection, one page at a time (follow the link of rel "next")',
        description: itemsDescription,
        params: ogcCollectionParamsSchema,
        querystring: ogcItemsQuerySchema,
        response: { 200: featureCollectionSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => sendItems(request, reply as FastifyReply, collectionOf(request.params.collectionId), request.query, null),
  );

  app.post(
    '/collections/:collectionId/items',
    {
      ...access,
      schema: {
        hide,
        tags: TAGS,
        summary: 'Features of a collection selected by a CQL2 JSON filter in the body (application/query-cql-json)',
        description: `${itemsDescription} The body's filter holds together with the query's.`,
        params: ogcCollectionParamsSchema,
        querystring: ogcItemsQuerySchema,
        body: cqlBodySchema,
        response: { 200: featureCollectionSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendItems(request, reply as FastifyReply, collectionOf(request.params.collectionId), request.query, request.body),
  );

  app.get(
    '/collections/:collectionId/items/:featureId',
    {
      ...access,
      schema: {
        hide,
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
      const c = collectionOf(request.params.collectionId);
      const filter = featureFilter(c, request.params.featureId, agency);
      const rendering = renderingOf(c, request.query);
      const asOf = new Date();
      // Read as GeoJSON also for CSV: whether the feature exists decides 404 before anything is sent.
      const batch = await readBatch(db, c, { caller, agency, filter, after: null, take: 1, asOf }, rendering);
      if (batch.rows === 0 || !batch.text) {
        throw ogcNotFound(`No feature "${request.params.featureId.slice(0, 60)}" in the collection ${c.id}`);
      }
      const asHtml = wantsHtml(request.query.f, request.headers.accept);
      const etag = await answerEtag(db, caller, asHtml ? `${request.url}\nhtml` : request.url, new Date());
      reply.header('etag', etag).header('cache-control', cacheControlFor(caller)).header('vary', varyOf(request.query.f, true));
      if (holdsEtag(request, etag)) return reply.status(304).send();
      if (rendering.format === 'csv') {
        const csv = await csvPage(db, { collection: c, caller, agency, filter, after: null, limit: 1, rendering, asOf }, false);
        return reply.type('text/csv; charset=utf-8').send(csv.body);
      }
      const feature = JSON.parse(batch.text) as Record<string, unknown>;
      if (asHtml) return reply.type('text/html; charset=utf-8').send(itemHtml(links, c, feature as unknown as GeoFeature));
      feature.links = [
        { href: links.item(c.id, request.params.featureId), rel: 'self', type: GEOJSON_TYPE, title: 'This feature' },
        htmlAlternate(links.item(c.id, request.params.featureId), 'This feature as HTML'),
        { href: links.collection(c.id), rel: 'collection', type: 'application/json', title: 'The collection' },
      ];
      return reply.type(`${GEOJSON_TYPE}; charset=utf-8`).send(JSON.stringify(feature));
    },
  );
}
