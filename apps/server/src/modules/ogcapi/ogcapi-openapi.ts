import { OGC_COLLECTION_IDS, OGC_FILTERS, type OgcCollectionId } from '@portal/contracts';

interface OpenApiDocument {
  paths?: Record<string, Record<string, { parameters?: { name: string; in: string }[] } & Record<string, unknown>>>;
  [key: string]: unknown;
}

const ITEMS = '/collections/{collectionId}/items';
/** Query parameters every items path takes; the filters come from OGC_FILTERS. */
const COMMON = ['f', 'limit', 'cursor', 'properties', 'skipGeometry'];

function filterNames(id: OgcCollectionId): string[] {
  return OGC_FILTERS[id].flatMap((f) => (f === 'datetime' ? ['datetime', 'time'] : [f]));
}

/**
 * The OpenAPI document of the open data API alone (its service-desc), made from the whole API's
 * document: its paths relative to the server `{PUBLIC_URL}/ogcapi`, and one items path per
 * collection listing the filters that collection takes. Clients such as GDAL read those lists to
 * send a filter to the server (monitoring_location_id=12) instead of reading every feature.
 */
export function openDataApiDocument(whole: OpenApiDocument, root: string): OpenApiDocument {
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [path, item] of Object.entries(whole.paths ?? {})) {
    if (path !== '/ogcapi' && !path.startsWith('/ogcapi/')) continue;
    const relative = path.slice('/ogcapi'.length) || '/';
    paths[relative] = item;
    if (relative !== ITEMS || !item.get) continue;
    for (const id of OGC_COLLECTION_IDS) {
      const wanted = new Set([...COMMON, ...filterNames(id)]);
      const parameters = (item.get.parameters ?? []).filter((p) => p.in === 'query' && wanted.has(p.name));
      paths[`/collections/${id}/items`] = { get: { ...item.get, operationId: `items-${id}`, parameters } };
    }
  }
  return { ...whole, servers: [{ url: root }], paths };
}
