import { createHash } from 'node:crypto';
import {
  OGC_COLLECTION_IDS,
  OGC_DEFAULT_LIMIT,
  OGC_FILTERS,
  OGC_PROPERTIES,
  OGC_PROPERTY_TYPES,
  type OgcCollection,
  type OgcCollectionId,
  type OgcItemsQuery,
} from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import type { Db } from '../../db/client';
import { feedVersion } from '../public-map/index';
import { COLLECTION_TEXTS, CONFORMANCE_CLASSES, CRS84, GREGORIAN } from './ogcapi-collections';
import { decodeCursor, type Keyset } from './ogcapi-cursor';
import { invalidParameter, ogcNotFound } from './ogcapi-errors';
import { CSV_TYPE, GEOJSON_TYPE, JSON_TYPE, OPENAPI_TYPE, type OgcLink, type OgcLinks } from './ogcapi-links';
import { collectionExtent } from './ogcapi.repository';
import type { Rendering } from './ogcapi-columns.repository';
import type { ItemFilter } from './ogcapi-filters.repository';

/** The collection of a path, or 404 in the exception shape. */
export function collectionOf(id: string): OgcCollectionId {
  if ((OGC_COLLECTION_IDS as readonly string[]).includes(id)) return id as OgcCollectionId;
  throw ogcNotFound(`No collection "${id.slice(0, 60)}". The collections are ${OGC_COLLECTION_IDS.join(', ')}.`);
}

export function landingPage(links: OgcLinks) {
  return {
    title: 'Water Resources Portal open data',
    description:
      'Monitoring locations, time series and their values as OGC API - Features, with the collection and property names of the USGS Water Data API.',
    links: [
      { href: links.landing, rel: 'self', type: JSON_TYPE, title: 'This document' },
      { href: links.conformance, rel: 'conformance', type: JSON_TYPE, title: 'Conformance classes' },
      { href: links.collections, rel: 'data', type: JSON_TYPE, title: 'Collections' },
      { href: links.serviceDesc, rel: 'service-desc', type: OPENAPI_TYPE, title: 'OpenAPI definition' },
      { href: links.serviceDoc, rel: 'service-doc', type: 'text/html', title: 'API documentation' },
    ],
  };
}

export const conformance = () => ({ conformsTo: CONFORMANCE_CLASSES });

/** One collection's document, its extent from the data the caller may read. */
export async function collectionDocument(db: Db, caller: Caller, links: OgcLinks, id: OgcCollectionId): Promise<OgcCollection> {
  const extent = await collectionExtent(db, caller, id);
  return {
    id,
    title: COLLECTION_TEXTS[id].title,
    description: COLLECTION_TEXTS[id].description,
    itemType: 'feature',
    crs: [CRS84],
    extent: {
      spatial: { bbox: extent.bbox ? [extent.bbox] : [], crs: CRS84 },
      temporal: { interval: extent.begin || extent.end ? [[extent.begin, extent.end]] : [], trs: GREGORIAN },
    },
    links: [
      { href: links.collection(id), rel: 'self', type: JSON_TYPE, title: 'This collection' },
      { href: links.items(id), rel: 'items', type: GEOJSON_TYPE, title: 'Features' },
      { href: links.items(id, new URLSearchParams({ f: 'csv' })), rel: 'items', type: CSV_TYPE, title: 'Features as CSV' },
      {
        href: links.queryables(id),
        rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables',
        type: 'application/schema+json',
        title: 'Queryables',
      },
    ],
  };
}

/** The properties a client may filter on, as JSON Schema. */
export function queryables(links: OgcLinks, id: OgcCollectionId) {
  const filters = OGC_FILTERS[id];
  const properties: Record<string, unknown> = {};
  if (filters.includes('bbox')) properties.geometry = { $ref: 'https://geojson.org/schema/Point.json' };
  for (const name of filters) {
    if (name === 'monitoring_location_id' || name === 'parameter_code') properties[name] = { title: name, ...OGC_PROPERTY_TYPES[name] };
    if (name === 'datetime') properties.time = { title: 'time', type: 'string', format: id === 'daily' ? 'date' : 'date-time' };
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: links.queryables(id),
    type: 'object',
    title: COLLECTION_TEXTS[id].title,
    properties,
    additionalProperties: false,
  };
}

export interface ItemsPlan {
  filter: ItemFilter;
  after: Keyset | null;
  limit: number;
  rendering: Rendering;
}

/** The items query of one collection as a filter, a start and a rendering; parameters the collection does not take are a 400. */
export function planItems(id: OgcCollectionId, q: OgcItemsQuery): ItemsPlan {
  const allowed = OGC_FILTERS[id];
  const refuse = (name: string) => {
    throw invalidParameter(`Parameter ${name}: the collection ${id} does not filter on it`);
  };
  if (q.bbox && !allowed.includes('bbox')) refuse('bbox');
  if (q.parameter_code && !allowed.includes('parameter_code')) refuse('parameter_code');
  if ((q.datetime || q.time) && !allowed.includes('datetime')) refuse(q.datetime ? 'datetime' : 'time');
  if (q.datetime && q.time) throw invalidParameter('Give datetime or time, not both (they are the same filter)');
  return {
    filter: {
      locations: q.monitoring_location_id,
      parameters: q.parameter_code,
      bbox: q.bbox,
      interval: q.datetime ?? q.time,
    },
    after: q.cursor ? decodeCursor(id, q.cursor) : null,
    limit: q.limit ?? OGC_DEFAULT_LIMIT,
    rendering: renderingOf(id, q),
  };
}

/** Which properties and whether the geometry are written, and as what. */
export function renderingOf(id: OgcCollectionId, q: Pick<OgcItemsQuery, 'properties' | 'skipGeometry' | 'f'>): Rendering {
  const all = OGC_PROPERTIES[id];
  let properties = all;
  if (q.properties) {
    const wanted = q.properties.filter((p) => p !== '' && p !== 'id' && p !== 'geometry');
    const unknown = wanted.find((p) => !all.includes(p));
    if (unknown !== undefined) {
      throw invalidParameter(
        `Parameter properties: the collection ${id} has no property "${unknown.slice(0, 60)}". It has ${all.join(', ')}.`,
      );
    }
    properties = all.filter((p) => wanted.includes(p));
  }
  return { properties, geometry: q.skipGeometry !== true, format: q.f === 'csv' ? 'csv' : 'json' };
}

/** A feature id as the filter that selects exactly that feature; an id of the wrong form is simply not found. */
export function featureFilter(id: OgcCollectionId, featureId: string): ItemFilter {
  const notFound = () => ogcNotFound(`No feature "${featureId.slice(0, 60)}" in the collection ${id}`);
  const series = /^([1-9]\d{0,8})-([1-9]\d{0,8})-(.+)$/.exec(featureId);
  if (id === 'monitoring-locations') {
    if (!/^[1-9]\d{0,8}$/.test(featureId)) throw notFound();
    return { locations: [Number(featureId)] };
  }
  if (!series) throw notFound();
  const base = { locations: [Number(series[1])], parameters: [Number(series[2])] };
  const rest = series[3];
  switch (id) {
    case 'time-series-metadata':
      if (rest !== '15min' && rest !== 'daily') throw notFound();
      return { ...base, kind: rest };
    case 'latest-continuous':
      if (rest !== '15min') throw notFound();
      return base;
    case 'continuous': {
      if (!/^\d{1,15}$/.test(rest)) throw notFound();
      const instant = new Date(Number(rest)).toISOString();
      return { ...base, interval: { start: { instant }, end: { instant } } };
    }
    case 'daily':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(rest) || !Number.isFinite(Date.parse(`${rest}T00:00:00Z`))) throw notFound();
      return { ...base, interval: { start: { date: rest }, end: { date: rest } } };
  }
}

/** The links of an items page: itself, its other format, and the next page when there is one. */
export function pageLinks(links: OgcLinks, id: OgcCollectionId, search: URLSearchParams, nextCursor: string | null): OgcLink[] {
  const asCsv = new URLSearchParams(search);
  asCsv.set('f', 'csv');
  asCsv.delete('cursor');
  const result: OgcLink[] = [
    { href: links.items(id, search), rel: 'self', type: GEOJSON_TYPE, title: 'This page' },
    { href: links.items(id, asCsv), rel: 'alternate', type: CSV_TYPE, title: 'The same features as CSV, from the first page' },
    { href: links.collection(id), rel: 'collection', type: JSON_TYPE, title: COLLECTION_TEXTS[id].title },
  ];
  if (nextCursor) {
    const next = new URLSearchParams(search);
    next.set('cursor', nextCursor);
    result.push({ href: links.items(id, next), rel: 'next', type: GEOJSON_TYPE, title: 'Next page' });
  }
  return result;
}

/**
 * The validator of an answer, known before it is read: the data version (it moves on every write
 * to locations, facilities, parameters and series), the request and what the caller may read.
 * monitoring-locations also carries the minute, since reporting status ages with the clock.
 */
export async function answerEtag(db: Db, caller: Caller, url: string, now: Date): Promise<string> {
  const version = await feedVersion(db);
  const reach = caller.sub === null && caller.roles.length === 0 ? 'anonymous' : `${caller.sub}:${[...caller.roles].sort().join(',')}`;
  const minute = url.includes('/monitoring-locations') ? Math.floor(now.getTime() / 60_000) : 0;
  const hash = createHash('sha1').update(`${version}\n${url}\n${reach}\n${minute}`).digest('base64url');
  return `W/"${hash}"`;
}

/** Public answers may be kept by shared caches (revalidated by ETag); a token's answers only by its client. */
export function cacheControlFor(caller: Caller): string {
  return caller.sub === null ? 'public, no-cache' : 'private, no-cache';
}
