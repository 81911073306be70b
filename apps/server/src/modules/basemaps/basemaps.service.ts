import type { Basemap } from '@portal/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { findBasemap, listBasemaps, type BasemapRow } from './basemaps.repository';
import { offlineStyle, rasterStyle } from './offline-style';

export type BasemapMode = 'online' | 'offline';
const OFFLINE_ATTRIBUTION = 'US Census Bureau (us-atlas)';

const slug = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'basemap';
const absolute = (origin: string, url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
const styleUrl = (origin: string, ndx: number) => `${origin}/api/basemaps/${ndx}/style.json`;
const fallbackStyleUrl = (origin: string, ndx: number) => `${styleUrl(origin, ndx)}?offline=true`;
const previewUrl = (origin: string, name: string) => `${origin}/api/basemaps/previews/${slug(name)}.svg`;

/**
 * The Basemaps panel list. Online: the configured rows (the 'Offline' row is a fallback, not
 * listed). BASEMAPS=offline (tests, the demo without internet): the same names, each drawn by
 * the server from bundled data in its own palette.
 */
export async function basemapsFor(db: Db, mode: BasemapMode, origin: string): Promise<Basemap[]> {
  const rows = await listBasemaps(db);
  const listed = rows.filter((r) => !r.offline);
  const shown = listed.length > 0 ? listed : rows;
  return shown.map((r) => {
    const offline = mode === 'offline' || r.offline || (!r.style_url && !r.tiles?.length);
    return {
      id: r.basemap_ndx,
      name: r.name,
      style: offline || !r.style_url ? styleUrl(origin, r.basemap_ndx) : r.style_url,
      attribution: offline ? OFFLINE_ATTRIBUTION : r.attribution,
      previewUrl: offline || !r.preview_image ? previewUrl(origin, r.name) : absolute(origin, r.preview_image),
      offline,
      fallbackStyle: fallbackStyleUrl(origin, r.basemap_ndx),
    };
  });
}

export type StyleAnswer = { kind: 'style'; style: Record<string, unknown> } | { kind: 'redirect'; url: string };

function styleOf(row: BasemapRow, mode: BasemapMode, origin: string): StyleAnswer {
  if (mode === 'offline' || row.offline) return { kind: 'style', style: offlineStyle(origin, row.name, OFFLINE_ATTRIBUTION) };
  if (row.tiles?.length) return { kind: 'style', style: rasterStyle(origin, row.name, row.tiles, row.attribution) };
  if (row.style_url) return { kind: 'redirect', url: row.style_url };
  return { kind: 'style', style: offlineStyle(origin, row.name, OFFLINE_ATTRIBUTION) };
}

/**
 * The MapLibre style of one basemap (or where to find it); `forceOffline` asks for the style built
 * from bundled data whatever the mode (the map's fallback when the basemap's service is down).
 */
export async function basemapStyle(db: Db, ndx: number, mode: BasemapMode, origin: string, forceOffline = false): Promise<StyleAnswer> {
  const row = await findBasemap(db, ndx);
  if (!row) throw notFound(`Basemap ${ndx} does not exist`);
  return styleOf(row, forceOffline ? 'offline' : mode, origin);
}
