import type { OgcCollectionId } from '@portal/contracts';

export interface OgcLink {
  href: string;
  rel: string;
  type?: string;
  title?: string;
}

export const JSON_TYPE = 'application/json';
export const GEOJSON_TYPE = 'application/geo+json';
export const CSV_TYPE = 'text/csv';
export const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.0';

/**
 * Absolute links of the open data API. They are built from PUBLIC_URL only: the Host and
 * X-Forwarded-* headers of a request never reach an answer, so a forged header cannot point a
 * client elsewhere.
 */
export function ogcLinks(publicUrl: string) {
  const root = `${publicUrl.replace(/\/+$/, '')}/ogcapi`;
  const collection = (id: OgcCollectionId) => `${root}/collections/${id}`;
  return {
    root,
    landing: root,
    conformance: `${root}/conformance`,
    collections: `${root}/collections`,
    collection,
    items: (id: OgcCollectionId, query?: URLSearchParams) => {
      const search = query?.toString();
      return `${collection(id)}/items${search ? `?${search}` : ''}`;
    },
    item: (id: OgcCollectionId, featureId: string) => `${collection(id)}/items/${encodeURIComponent(featureId)}`,
    queryables: (id: OgcCollectionId) => `${collection(id)}/queryables`,
    /** The OpenAPI document of the open data API, and the whole API's page for people. */
    serviceDesc: `${root}/api`,
    serviceDoc: `${publicUrl.replace(/\/+$/, '')}/api/docs`,
  };
}

export type OgcLinks = ReturnType<typeof ogcLinks>;
