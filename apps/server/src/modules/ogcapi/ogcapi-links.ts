export interface OgcLink {
  href: string;
  rel: string;
  type?: string;
  title?: string;
}

export const JSON_TYPE = 'application/json';
export const GEOJSON_TYPE = 'application/geo+json';
export const CSV_TYPE = 'text/csv';
export const HTML_TYPE = 'text/html';
export const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.0';

/** Where the API is served: /ogcapi/v0 (where USGS's clients look) and /ogcapi. */
export const OGC_ROOTS = ['/ogcapi', '/ogcapi/v0'] as const;
export type OgcRoot = (typeof OGC_ROOTS)[number];

/**
 * Absolute links of the open data API under the root a request asked for. They are built from
 * PUBLIC_URL only: the Host and X-Forwarded-* headers of a request never reach an answer, so a
 * forged header cannot point a client elsewhere.
 */
export function ogcLinks(publicUrl: string, rootPath: OgcRoot = '/ogcapi') {
  const site = publicUrl.replace(/\/+$/, '');
  const root = `${site}${rootPath}`;
  const collection = (id: string) => `${root}/collections/${id}`;
  return {
    root,
    landing: root,
    conformance: `${root}/conformance`,
    collections: `${root}/collections`,
    collection,
    items: (id: string, query?: URLSearchParams) => {
      const search = query?.toString();
      return `${collection(id)}/items${search ? `?${search}` : ''}`;
    },
    item: (id: string, featureId: string) => `${collection(id)}/items/${encodeURIComponent(featureId)}`,
    queryables: (id: string) => `${collection(id)}/queryables`,
    schema: (id: string) => `${collection(id)}/schema`,
    /** The OpenAPI document of the open data API, and the whole API's page for people. */
    serviceDesc: `${root}/api`,
    serviceDoc: `${site}/api/docs`,
  };
}

export type OgcLinks = ReturnType<typeof ogcLinks>;

/** The link to the page for people showing the same document (the address with f=html). */
export function htmlAlternate(href: string, title = 'This document as HTML'): OgcLink {
  const url = new URL(href);
  url.searchParams.set('f', 'html');
  return { href: url.toString(), rel: 'alternate', type: HTML_TYPE, title };
}
