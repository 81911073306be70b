import {
  DEFAULT_LOCATION_COLOR,
  PUBLIC_LOCATIONS_SOURCE_ID,
  UNITED_LOCATIONS_SOURCE_ID,
  layerGroupSchema,
  publicMapFiltersSchema,
  publicMapLayerSchema,
  type PublicMapFilters,
  type PublicMapLayer,
} from '@portal/contracts';
import { z } from 'zod';
import type { MapAudience } from '../../access/access-policy';
import type { Db } from '../../db/client';
import type { ReadRouting } from '../../db/read-routing';
import { CoalescedRead, FeedCache } from './feed-cache';
import { cachedBody, type CachedBody } from '../../http/cached-body';
import { feedVersion, locationFeatureCollectionJson, locationPopupProperties } from './location-features.repository';
import {
  listEnabledLayers,
  listLocationTypes,
  listReportingStatuses,
  sourceAttributions,
  storedGeoJsonSources,
  type LayerRow,
} from './public-map.repository';

/** What the service needs to know about the caller. */
export interface Caller {
  roles: readonly string[];
}

/** Stored lre_properties: permissions stay here, the rest is sent. */
const storedLreSchema = z.object({
  layerGroup: layerGroupSchema,
  popup: z.object({ titleField: z.string().nullable().optional(), excludeFields: z.array(z.string()).optional() }).optional(),
  permissions: z.object({ roles: z.array(z.string()).optional() }).optional(),
});

/** A layer with a roles list is for callers holding one of them; no list (or an empty one) = everyone. */
function mayView(lre: z.infer<typeof storedLreSchema>, caller: Caller): boolean {
  const roles = lre.permissions?.roles ?? [];
  return roles.length === 0 || roles.some((r) => caller.roles.includes(r));
}

export interface LayerIssue {
  id: string;
  message: string;
}

/** Turns a stored row into the contract shape; null (with the reason) for rows an admin left malformed. */
function toPublicLayer(row: LayerRow, caller: Caller): { layer: PublicMapLayer | null; issue?: string } {
  const lre = storedLreSchema.safeParse(row.lre_properties);
  if (!lre.success) return { layer: null, issue: `lre_properties: ${lre.error.issues[0]?.message ?? 'invalid'}` };
  if (!mayView(lre.data, caller)) return { layer: null };
  const spec = (row.layer && typeof row.layer === 'object' ? row.layer : {}) as Record<string, unknown>;
  const candidate = {
    ...spec,
    id: row.map_layer_id,
    name: row.name,
    source: row.map_source_id,
    lreProperties: {
      layerGroup: lre.data.layerGroup,
      popup: { titleField: lre.data.popup?.titleField ?? null, excludeFields: lre.data.popup?.excludeFields ?? [] },
      drawOrder: row.draw_order,
      legendOrder: row.legend_order,
    },
  };
  const parsed = publicMapLayerSchema.safeParse(candidate);
  if (!parsed.success) return { layer: null, issue: `layer: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
  return { layer: parsed.data };
}

/** Layers the caller may see, in drawing order; malformed rows are reported, never sent. */
export async function layersFor(db: Db, caller: Caller, onIssue?: (issue: LayerIssue) => void): Promise<PublicMapLayer[]> {
  const rows = await listEnabledLayers(db);
  const layers: PublicMapLayer[] = [];
  for (const row of rows) {
    const { layer, issue } = toPublicLayer(row, caller);
    if (layer) layers.push(layer);
    else if (issue) onIssue?.({ id: row.map_layer_id, message: issue });
  }
  return layers;
}

/** The caches of one app instance: built feed texts and finished response bodies. */
export interface MapFeedCaches {
  /** Feed texts (public-locations), reused by every sources body. */
  texts: FeedCache<string>;
  /** Finished responses (sources per role set, united per audience, layers, filters). */
  bodies: FeedCache<CachedBody>;
  /** One version read shared by the requests arriving together. */
  version: CoalescedRead<string>;
  /** Where builds read; unset = the `db` each function is given (the primary). */
  reads?: ReadRouting;
}

/**
 * The version is read on the primary (`db`): a standby's copy of a sequence moves only every few
 * dozen bumps. Builds read from `reads` when given, on a connection that has every commit the
 * primary had when the build started, so a body is never older than the version it is kept under.
 */
export function mapFeedCaches(db: Db, reads?: ReadRouting): MapFeedCaches {
  return { texts: new FeedCache<string>(), bodies: new FeedCache<CachedBody>(), version: new CoalescedRead(() => feedVersion(db)), reads };
}

/** Runs a feed build on the read routing's caught-up connection, or on `db` without one. */
function buildRead<T>(db: Db, caches: MapFeedCaches, read: (readDb: Db) => Promise<T>): Promise<T> {
  return caches.reads ? caches.reads.caughtUp(read) : read(db);
}

/** Callers with the same roles see the same layers, so bodies that depend on layers are kept per role set. */
const roleKey = (caller: Caller) => [...new Set(caller.roles)].sort().join(',');

/**
 * GET /sources: the sources of the layers the caller may see (never united-locations), plus
 * public-locations, which the search uses. Stored GeoJSON is passed through without parsing.
 */
export async function sourcesBody(db: Db, caller: Caller, caches: MapFeedCaches): Promise<CachedBody> {
  const version = await caches.version.get();
  return caches.bodies.get(`sources:${roleKey(caller)}`, version, () =>
    buildRead(db, caches, (readDb) => sourcesBuild(readDb, caller, caches, version)),
  );
}

async function sourcesBuild(db: Db, caller: Caller, caches: MapFeedCaches, version: string): Promise<CachedBody> {
  const layers = await layersFor(db, caller);
  const ids = new Set(layers.map((l) => l.source));
  ids.add(PUBLIC_LOCATIONS_SOURCE_ID);
  ids.delete(UNITED_LOCATIONS_SOURCE_ID);
  const stored = await storedGeoJsonSources(
    db,
    [...ids].filter((id) => id !== PUBLIC_LOCATIONS_SOURCE_ID),
  );
  const attributions = await sourceAttributions(db, [PUBLIC_LOCATIONS_SOURCE_ID]);
  // public-locations is the anonymous map for every caller (staff get their extra rows from /united).
  const publicData = await caches.texts.get('public', version, () =>
    locationFeatureCollectionJson(db, { audience: 'public', asOf: new Date() }),
  );
  const item = (id: string, data: string, attribution: string | null) =>
    `{"id":${JSON.stringify(id)},"data":${data},"attribution":${JSON.stringify(attribution)}}`;
  const parts = [item(PUBLIC_LOCATIONS_SOURCE_ID, publicData, attributions.get(PUBLIC_LOCATIONS_SOURCE_ID) ?? null)];
  for (const s of stored) parts.push(item(s.id, s.data, s.attribution));
  return cachedBody(`[${parts.join(',')}]`);
}

/**
 * GET /united, {"data": FeatureCollection}: rebuilt only when the data changed (or the cached
 * copy aged out). Cached per audience: every caller of one audience may read the same map rows
 * (decision 0012).
 */
export async function unitedBody(db: Db, audience: MapAudience, caches: MapFeedCaches): Promise<CachedBody> {
  const version = await caches.version.get();
  return caches.bodies.get(`united:${audience}`, version, () =>
    buildRead(db, caches, async (readDb) =>
      cachedBody(`{"data":${await locationFeatureCollectionJson(readDb, { audience, asOf: new Date() })}}`),
    ),
  );
}

/** GET /layers as a cached body per role set; malformed rows are reported once per build. */
export async function layersBody(
  db: Db,
  caller: Caller,
  caches: MapFeedCaches,
  onIssue?: (issue: LayerIssue) => void,
): Promise<CachedBody> {
  const version = await caches.version.get();
  return caches.bodies.get(`layers:${roleKey(caller)}`, version, () =>
    buildRead(db, caches, async (readDb) => cachedBody(JSON.stringify(await layersFor(readDb, caller, onIssue)))),
  );
}

/** GET /filters as a cached body (reporting statuses and location types are feed tables). */
export async function filtersBody(db: Db, caches: MapFeedCaches): Promise<CachedBody> {
  const version = await caches.version.get();
  return caches.bodies.get('filters', version, () =>
    buildRead(db, caches, async (readDb) => cachedBody(JSON.stringify(publicMapFiltersSchema.parse(await filtersFor(readDb))))),
  );
}

/**
 * The popup properties of one location of a location feed, under that feed's access rule:
 * public-locations = the anonymous map (public locations only), whoever asks; united-locations =
 * the caller's audience (staff see private ones). Not on that map = null (the route's 404).
 */
export async function locationPopup(db: Db, feed: 'public' | 'united', audience: MapAudience, locationNdx: number) {
  return locationPopupProperties(db, {
    united: feed === 'united',
    audience: feed === 'public' ? 'public' : audience,
    asOf: new Date(),
    locationNdx,
  });
}

/** Filter options; each location type carries its 'Color by' colour (blue when none is set). */
export async function filtersFor(db: Db): Promise<PublicMapFilters> {
  const [reportingStatus, types] = await Promise.all([listReportingStatuses(db), listLocationTypes(db)]);
  return {
    reportingStatus,
    locationTypes: types.map((t) => ({ value: t.value, display: t.display, color: t.color ?? DEFAULT_LOCATION_COLOR })),
  };
}
