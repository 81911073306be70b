import { createHash } from 'node:crypto';
import { OGC_DEFAULT_LIMIT, OGC_MAX_LIMIT, type OgcCollection, type OgcItemsQuery } from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import type { Db } from '../../db/client';
import { feedVersion } from '../../db/reporting-status.repository';
import { COLLECTIONS, type OgcCollectionDefinition } from './collections';
import { decodeCursor } from './ogcapi-cursor';
import { conjuncts, cqlFromJsonText, cqlFromText, CqlError, cqlToJson, type CqlExpr } from './ogcapi-cql';
import { cqlSql, queryableOf } from './ogcapi-cql.repository';
import { invalidParameter, ogcNotFound } from './ogcapi-errors';
import type { ItemFilter } from './ogcapi-filters.repository';
import { locationNumbersOf } from './ogcapi-ids';
import { CSV_TYPE, GEOJSON_TYPE, htmlAlternate, JSON_TYPE, OPENAPI_TYPE, type OgcLink, type OgcLinks } from './ogcapi-links';
import type { Rendering } from './ogcapi-render.repository';
import { collectionExtent, type Agency } from './ogcapi.repository';

/** The conformance classes served: Features Part 1 core, GeoJSON and OpenAPI 3.0, and CQL2 filtering. */
export const CONFORMANCE_CLASSES = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables-query-parameters',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-text',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-json',
];

export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
export const GREGORIAN = 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian';

/** The collection of a path, or 404 in the exception shape. */
export function collectionOf(id: string): OgcCollectionDefinition {
  const found = COLLECTIONS.find((c) => c.id === id);
  if (found) return found;
  throw ogcNotFound(`No collection "${id.slice(0, 60)}". The collections are ${COLLECTIONS.map((c) => c.id).join(', ')}.`);
}

export function landingPage(links: OgcLinks) {
  return {
    title: 'Water Resources Portal open data',
    description:
      'Monitoring locations, time series and their values as OGC API - Features, with the collection and property names of the USGS Water Data API.',
    links: [
      { href: links.landing, rel: 'self', type: JSON_TYPE, title: 'This document' },
      htmlAlternate(links.landing),
      { href: links.conformance, rel: 'conformance', type: JSON_TYPE, title: 'Conformance classes' },
      { href: links.collections, rel: 'data', type: JSON_TYPE, title: 'Collections' },
      { href: links.serviceDesc, rel: 'service-desc', type: OPENAPI_TYPE, title: 'OpenAPI definition' },
      { href: links.serviceDoc, rel: 'service-doc', type: 'text/html', title: 'API documentation' },
    ],
  };
}

export const conformance = (links: OgcLinks) => ({
  conformsTo: CONFORMANCE_CLASSES,
  links: [{ href: links.conformance, rel: 'self', type: JSON_TYPE, title: 'This document' }, htmlAlternate(links.conformance)],
});

/** One collection's document, its extent from the data the caller may read. */
export async function collectionDocument(db: Db, caller: Caller, links: OgcLinks, c: OgcCollectionDefinition): Promise<OgcCollection> {
  const extent = await collectionExtent(db, caller, c);
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    itemType: 'feature',
    crs: [CRS84],
    extent: {
      spatial: { bbox: extent.bbox ? [extent.bbox] : [], crs: CRS84 },
      temporal: { interval: extent.begin || extent.end ? [[extent.begin, extent.end]] : [], trs: GREGORIAN },
    },
    links: [
      { href: links.collection(c.id), rel: 'self', type: JSON_TYPE, title: 'This collection' },
      htmlAlternate(links.collection(c.id), 'This collection as HTML'),
      { href: links.items(c.id), rel: 'items', type: GEOJSON_TYPE, title: 'Features' },
      { href: links.items(c.id, new URLSearchParams({ f: 'csv' })), rel: 'items', type: CSV_TYPE, title: 'Features as CSV' },
      {
        href: links.queryables(c.id),
        rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables',
        type: 'application/schema+json',
        title: 'Queryables',
      },
      { href: links.schema(c.id), rel: 'http://www.opengis.net/def/rel/ogc/1.0/schema', type: 'application/schema+json', title: 'Schema' },
    ],
  };
}

/** The names a collection filters on: its queryable properties and id. */
export function queryableNames(c: OgcCollectionDefinition): string[] {
  return ['id', ...Object.keys(c.properties).filter((name) => queryableOf(c, name) !== null)];
}

/** The properties a client may filter on, as JSON Schema. */
export function queryables(links: OgcLinks, c: OgcCollectionDefinition) {
  const properties: Record<string, unknown> = {};
  if (c.filters.bbox) properties.geometry = { title: 'geometry', $ref: 'https://geojson.org/schema/Point.json' };
  for (const name of queryableNames(c)) properties[name] = { title: name, ...queryableOf(c, name)!.schema };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: links.queryables(c.id),
    type: 'object',
    title: c.title,
    properties,
    additionalProperties: false,
  };
}

/** The properties of every feature, as JSON Schema (what a client builds an empty table from). */
export function featureSchema(links: OgcLinks, c: OgcCollectionDefinition) {
  const properties: Record<string, unknown> = { id: { title: 'id', type: 'string' } };
  if (c.filters.bbox) properties.geometry = { title: 'geometry', $ref: 'https://geojson.org/schema/Point.json' };
  for (const [name, p] of Object.entries(c.properties)) properties[name] = { title: name, ...p.schema };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: links.schema(c.id),
    type: 'object',
    title: c.title,
    properties,
  };
}

export interface ItemsPlan {
  filter: ItemFilter;
  after: readonly string[] | null;
  limit: number;
  rendering: Rendering;
}

/** Query parameters with a meaning of their own; any other names a queryable. */
const OWN_PARAMETERS = new Set([
  'f',
  'lang',
  'limit',
  'cursor',
  'bbox',
  'datetime',
  'time',
  'properties',
  'skipGeometry',
  'filter',
  'filter-lang',
  'filter-crs',
]);

const inList = (property: string, values: readonly string[]): CqlExpr => ({ op: 'in', property, values: [...values] });

/** A filter's tree, or a 400 saying what is wrong with it. */
function parsedFilter(text: string, lang: 'cql2-text' | 'cql2-json', where: string): CqlExpr {
  try {
    return lang === 'cql2-json' ? cqlFromJsonText(text) : cqlFromText(text);
  } catch (err) {
    if (err instanceof CqlError) throw invalidParameter(`${where}: ${err.message}`);
    throw err;
  }
}

/**
 * The conditions of an items query: ids and queryables given as query parameters (comma lists),
 * the filter parameter, and a POSTed CQL2 JSON body, all of which must hold.
 */
function conditionsOf(c: OgcCollectionDefinition, q: OgcItemsQuery, body: string | null): CqlExpr[] {
  const found: CqlExpr[] = [];
  const names = queryableNames(c);
  const refuse = (name: string) =>
    invalidParameter(
      `Unknown parameter ${name.slice(0, 60)}: the collection ${c.id} does not filter on it. It filters on ${names.join(', ')}.`,
    );
  for (const [name, value] of Object.entries(q)) {
    if (OWN_PARAMETERS.has(name) || value === undefined) continue;
    if (queryableOf(c, name) === null) throw refuse(name);
    const values = Array.isArray(value)
      ? (value as string[])
      : String(value)
          .split(',')
          .map((s) => s.trim());
    found.push(inList(name, values));
  }
  if (q.filter !== undefined) found.push(parsedFilter(q.filter, q['filter-lang'] ?? 'cql2-text', 'Parameter filter'));
  if (body !== null) found.push(parsedFilter(body, 'cql2-json', 'The CQL2 JSON body'));
  return found.flatMap(conjuncts);
}

/**
 * The query of a POSTed page's links: the body's filter (with the query's own filter, both
 * holding) carried as a cql2-json `filter` parameter, so a client follows the next link with GET.
 */
export function searchWithBodyFilter(search: URLSearchParams, q: OgcItemsQuery, body: string): URLSearchParams {
  const parts = [parsedFilter(body, 'cql2-json', 'The CQL2 JSON body')];
  if (q.filter !== undefined) parts.unshift(parsedFilter(q.filter, q['filter-lang'] ?? 'cql2-text', 'Parameter filter'));
  const combined = parts.length === 1 ? parts[0] : { op: 'and' as const, args: parts };
  const result = new URLSearchParams(search);
  result.set('filter', JSON.stringify(cqlToJson(combined)));
  result.set('filter-lang', 'cql2-json');
  return result;
}

/** Location numbers and parameters the conditions pin (fast paths of the row sources); the rest stays as SQL. */
function filterOf(c: OgcCollectionDefinition, conditions: CqlExpr[], agency: Agency): ItemFilter {
  const filter: ItemFilter = {};
  const rest: CqlExpr[] = [];
  const intersect = <T>(a: readonly T[] | undefined, b: T[]) => (a ? a.filter((x) => b.includes(x)) : b);
  for (const e of conditions) {
    const values = e.op === '=' ? [e.value] : e.op === 'in' ? e.values : null;
    if (values && 'property' in e && c.locationKeys.includes(e.property)) {
      filter.locations = intersect(filter.locations, locationNumbersOf(values.map(String), agency.code));
    } else if (values && 'property' in e && e.property === 'parameter_code' && queryableOf(c, 'parameter_code')) {
      filter.parameters = intersect(filter.parameters, values.map(String));
    } else if (values && 'property' in e && e.property === 'statistic_id' && c.statistics) {
      filter.statistics = intersect(filter.statistics ?? c.statistics, values.map(String));
    } else {
      rest.push(e);
    }
  }
  if (rest.length) {
    try {
      filter.residual = cqlSql(c, { op: 'and', args: rest });
    } catch (err) {
      if (err instanceof CqlError) throw invalidParameter(`Filter: ${err.message}`);
      throw err;
    }
  }
  return filter;
}

/** The items query of one collection as a filter, a start and a rendering; parameters the collection does not take are a 400. */
export function planItems(c: OgcCollectionDefinition, q: OgcItemsQuery, agency: Agency, body: string | null = null): ItemsPlan {
  if (q.bbox && !c.filters.bbox) throw invalidParameter(`Parameter bbox: the collection ${c.id} does not filter on it`);
  if ((q.datetime || q.time) && !c.filters.datetime) {
    throw invalidParameter(`Parameter ${q.datetime ? 'datetime' : 'time'}: the collection ${c.id} does not filter on it`);
  }
  if (q.datetime && q.time) throw invalidParameter('Give datetime or time, not both (they are the same filter)');
  const filter = filterOf(c, conditionsOf(c, q, body), agency);
  if (q.bbox) filter.bbox = q.bbox;
  const interval = q.datetime ?? q.time;
  if (interval) filter.interval = interval;
  return {
    filter,
    after: q.cursor ? decodeCursor(c, q.cursor) : null,
    limit: q.limit ?? OGC_DEFAULT_LIMIT,
    rendering: renderingOf(c, q),
  };
}

/** Which properties and whether the geometry are written, and as what. */
export function renderingOf(c: OgcCollectionDefinition, q: Pick<OgcItemsQuery, 'properties' | 'skipGeometry' | 'f'>): Rendering {
  const all = Object.keys(c.properties);
  let properties = all;
  if (q.properties) {
    const wanted = q.properties.filter((p) => p !== '' && p !== 'id' && p !== 'geometry');
    const unknown = wanted.find((p) => !all.includes(p));
    if (unknown !== undefined) {
      throw invalidParameter(
        `Parameter properties: the collection ${c.id} has no property "${unknown.slice(0, 60)}". It has ${all.join(', ')}.`,
      );
    }
    properties = all.filter((p) => wanted.includes(p));
  }
  return { properties, geometry: q.skipGeometry !== true, format: q.f === 'csv' ? 'csv' : 'json' };
}

/** A feature id as the filter that selects exactly that feature; an id of the wrong form is simply not found. */
export function featureFilter(c: OgcCollectionDefinition, featureId: string, agency: Agency): ItemFilter {
  const filter = c.featureFilter(featureId, agency.code);
  if (!filter) throw ogcNotFound(`No feature "${featureId.slice(0, 60)}" in the collection ${c.id}`);
  return filter;
}

/** The links of an items page: itself, its other format, and the next page when there is one. */
export function pageLinks(links: OgcLinks, c: OgcCollectionDefinition, search: URLSearchParams, nextCursor: string | null): OgcLink[] {
  const asCsv = new URLSearchParams(search);
  asCsv.set('f', 'csv');
  asCsv.delete('cursor');
  const result: OgcLink[] = [
    { href: links.items(c.id, search), rel: 'self', type: GEOJSON_TYPE, title: 'This page' },
    { href: links.items(c.id, asCsv), rel: 'alternate', type: CSV_TYPE, title: 'The same features as CSV, from the first page' },
    htmlAlternate(links.items(c.id, search), 'This page as HTML'),
    { href: links.collection(c.id), rel: 'collection', type: JSON_TYPE, title: c.title },
  ];
  if (nextCursor) {
    const next = new URLSearchParams(search);
    next.set('cursor', nextCursor);
    result.push({ href: links.items(c.id, next), rel: 'next', type: GEOJSON_TYPE, title: 'Next page' });
  }
  return result;
}

/** The page size limits, for the OpenAPI document. */
export const LIMITS = { default: OGC_DEFAULT_LIMIT, maximum: OGC_MAX_LIMIT };

/**
 * The validator of an answer, known before it is read: the data version (it moves on every write
 * to locations, facilities, parameters and series), the request and what the caller may read.
 * monitoring-locations and a duration (time=P7D) also carry the minute: reporting status and the
 * period ending now move with the clock.
 */
export async function answerEtag(db: Db, caller: Caller, url: string, now: Date, body: string | null = null): Promise<string> {
  const version = await feedVersion(db);
  const reach = caller.sub === null && caller.roles.length === 0 ? 'anonymous' : `${caller.sub}:${[...caller.roles].sort().join(',')}`;
  const ages = url.includes('/monitoring-locations') || /[?&](datetime|time)=P/i.test(url);
  const minute = ages ? Math.floor(now.getTime() / 60_000) : 0;
  const hash = createHash('sha1')
    .update(`${version}\n${url}\n${reach}\n${minute}\n${body ?? ''}`)
    .digest('base64url');
  return `W/"${hash}"`;
}

/** Public answers may be kept by shared caches (revalidated by ETag); a token's answers only by its client. */
export function cacheControlFor(caller: Caller): string {
  return caller.sub === null ? 'public, no-cache' : 'private, no-cache';
}
