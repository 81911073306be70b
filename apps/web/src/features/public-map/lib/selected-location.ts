import type { FeatureCollectionDto } from '@portal/contracts';
import type { MapPlace } from '../../../map/map-place';
import type { SearchResult } from './location-search';
import type { PopupFeature } from '../../../map/popup-feature';

/**
 * A selected location as a place on the map: a search result, or the feature a popup shows. The
 * Radius Tool can centre its rings on it ("click on the map or a selected location").
 */
export type SelectedLocation = MapPlace;

/** A search result: a location keeps its name; typed coordinates are just a place. */
export function locationOfSearchResult(result: SearchResult): SelectedLocation {
  return { lng: result.lng, lat: result.lat, name: result.kind === 'location' ? result.name || null : null };
}

/** Latitude/longitude property pairs of point layers (DWR layers, diversion points, locations). */
const COORDINATE_PROPERTIES: [lat: string, lng: string][] = [
  ['latitude_dd', 'longitude_dd'],
  ['latitude', 'longitude'],
  ['LatDecDeg', 'LongDecDeg'],
];

const NAME_PROPERTIES = ['location_name', 'location_display_label'];

function pointOf(coordinates: unknown): [number, number] | null {
  if (!Array.isArray(coordinates) || coordinates.length < 2) return null;
  const [lng, lat] = coordinates.map(Number);
  return Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? [lng, lat] : null;
}

const numberOf = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/**
 * The point a popup feature stands for, or null for lines and areas (boundaries, hydrology).
 * The map's rendered features carry tile-rounded geometry, so the exact coordinates come from the
 * source's own data by feature id (our locations have numeric ids), else from the feature's
 * latitude/longitude properties (DWR layers). `title` is the popup heading, the fallback name.
 */
export function locationOfFeature(
  feature: PopupFeature,
  sources: Partial<Record<string, FeatureCollectionDto | undefined>>,
  title: string,
): SelectedLocation | null {
  const p = feature.properties;
  const named = NAME_PROPERTIES.map((k) => p[k]).find((v) => typeof v === 'string' && v.trim() !== '');
  const name = typeof named === 'string' ? named : title || null;

  if (feature.id !== undefined) {
    const match = sources[feature.source]?.features.find((f) => f.id !== undefined && String(f.id) === String(feature.id));
    if (match) {
      const point = match.geometry?.type === 'Point' ? pointOf(match.geometry.coordinates) : null;
      return point ? { lng: point[0], lat: point[1], name } : null;
    }
  }
  for (const [latKey, lngKey] of COORDINATE_PROPERTIES) {
    const point = pointOf([numberOf(p[lngKey]), numberOf(p[latKey])]);
    if (point) return { lng: point[0], lat: point[1], name };
  }
  return null;
}
