import { isRecord } from './plain-checks';

/**
 * The public map's names and values, and the plain checks of its feeds: what the map's first load
 * reads at run time, kept apart from the zod schemas in public-map.ts so that load needs no zod.
 */

/** Layer groups of the Layers panel, in panel order (the first three open by default). */
export const LAYER_GROUPS = ['Locations', 'DWR Data', 'Boundaries', 'Hydrology', 'CDSS'] as const;

/** A GeoJSON feature, loosely typed: properties differ per source (geoJsonFeatureSchema is its schema). */
export interface GeoJsonFeatureDto {
  type: 'Feature';
  id?: string | number;
  geometry: { type: string; coordinates: unknown } | null;
  properties: Record<string, unknown> | null;
}

/** A GeoJSON feature collection (featureCollectionSchema is its schema). */
export interface FeatureCollectionDto {
  type: 'FeatureCollection';
  features: GeoJsonFeatureDto[];
}

/** GET /api/public-map/sources item (publicMapSourceSchema is its schema). */
export interface PublicMapSource {
  id: string;
  data: FeatureCollectionDto;
  /** Attribution of the source, e.g. 'Colorado DWR'; null when none. */
  attribution?: string | null;
}

/** GET /api/public-map/united's answer (unitedLocationsResponseSchema is its schema). */
export interface UnitedLocationsResponse {
  data: FeatureCollectionDto;
}

/** Whether a value is a feature as geoJsonFeatureSchema states it, in a plain check. */
export function isGeoJsonFeature(value: unknown): value is GeoJsonFeatureDto {
  if (!isRecord(value) || value.type !== 'Feature') return false;
  const { id, geometry, properties } = value;
  if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') return false;
  if (geometry !== null && !(isRecord(geometry) && typeof geometry.type === 'string' && 'coordinates' in geometry)) return false;
  return properties === null || isRecord(properties);
}

/** Whether a value is a feature collection as featureCollectionSchema states it, in a plain check. */
export function isFeatureCollection(value: unknown): value is FeatureCollectionDto {
  return isRecord(value) && value.type === 'FeatureCollection' && Array.isArray(value.features) && value.features.every(isGeoJsonFeature);
}

/**
 * Whether a value is GET /sources' list as publicMapSourceListSchema states it, in a plain check:
 * the map reads it on its first load, where zod is not loaded, and the server builds it from
 * stored GeoJSON and SQL rather than through its response schema.
 */
export function isPublicMapSourceList(value: unknown): value is PublicMapSource[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        isRecord(item) &&
        typeof item.id === 'string' &&
        isFeatureCollection(item.data) &&
        (item.attribution === undefined || item.attribution === null || typeof item.attribution === 'string'),
    )
  );
}

/** Ids of the location sources built from the database. */
export const PUBLIC_LOCATIONS_SOURCE_ID = 'public-locations';
export const UNITED_LOCATIONS_SOURCE_ID = 'united-locations';

/** Whether a value is GET /united's answer as unitedLocationsResponseSchema states it, in a plain check (see isPublicMapSourceList). */
export function isUnitedLocationsResponse(value: unknown): value is UnitedLocationsResponse {
  return isRecord(value) && isFeatureCollection(value.data);
}

/** 'Color by' styles: how the staff map colours locations. */
export const COLOR_BY_STYLES = ['default', 'locationTypes', 'percentileClass'] as const;
/** The styles anyone may pick; the location types are the staff's. */
export const PUBLIC_COLOR_BY_STYLES = ['default', 'percentileClass'] as const satisfies readonly (typeof COLOR_BY_STYLES)[number][];
export type ColorByStyle = (typeof COLOR_BY_STYLES)[number];
/** The 'default' (blue) symbol colour. */
export const DEFAULT_LOCATION_COLOR = '#1F78B4';
