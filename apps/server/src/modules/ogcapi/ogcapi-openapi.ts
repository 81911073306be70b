import { COLLECTIONS } from './collections';
import { queryableNames, LIMITS } from './ogcapi.service';

interface Parameter {
  name: string;
  in: string;
  schema?: Record<string, unknown>;
  [key: string]: unknown;
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, { parameters?: Parameter[] } & Record<string, unknown>>>;
  [key: string]: unknown;
}

const ITEMS = '/collections/{collectionId}/items';
/** Query parameters every items path takes; datetime and bbox where the collection takes them, then its queryables. */
const COMMON = ['f', 'limit', 'cursor', 'properties', 'skipGeometry', 'filter', 'filter-lang'];

/**
 * The OpenAPI document of the open data API alone (its service-desc), made from the whole API's
 * document: its paths relative to the server (the root asked for), and one items path per
 * collection listing the parameters that collection takes, each queryable among them. Clients
 * such as GDAL read those lists to send a filter to the server (monitoring_location_id=RWSD-12)
 * instead of reading every feature, and read limit's default and maximum to size their pages.
 */
export function openDataApiDocument(whole: OpenApiDocument, root: string): OpenApiDocument {
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [path, item] of Object.entries(whole.paths ?? {})) {
    if (path !== '/ogcapi' && !path.startsWith('/ogcapi/')) continue;
    const relative = path.slice('/ogcapi'.length) || '/';
    paths[relative] = item;
    if (relative !== ITEMS || !item.get) continue;
    const common = (item.get.parameters ?? []).map(limitStated);
    paths[relative] = { ...item, get: { ...item.get, parameters: common } };
    for (const c of COLLECTIONS) {
      const own = new Set([...COMMON, ...(c.filters.bbox ? ['bbox'] : []), ...(c.filters.datetime ? ['datetime', 'time'] : [])]);
      const queryables = queryableNames(c).filter((name) => !own.has(name));
      const parameters = [
        ...common.filter((p) => p.in === 'query' && own.has(p.name)),
        ...queryables.map((name) => ({
          name,
          in: 'query',
          required: false,
          description: `Comma list of ${name} values to select`,
          schema: { type: 'string' },
        })),
      ];
      paths[`/collections/${c.id}/items`] = { get: { ...item.get, operationId: `items-${c.id}`, parameters } };
    }
  }
  return { ...whole, servers: [{ url: root }], paths };
}

/** limit as a whole number with its default and maximum. */
function limitStated(p: Parameter): Parameter {
  if (p.name !== 'limit') return p;
  return { ...p, schema: { type: 'integer', minimum: 1, maximum: LIMITS.maximum, default: LIMITS.default } };
}
