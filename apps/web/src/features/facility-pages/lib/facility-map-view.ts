import type { Basemap, FacilityDetail } from '@portal/contracts';

/** The facility map's basemaps: Satellite first, with buttons for Streets and Outdoors. */
export const FACILITY_BASEMAP_NAMES = ['Satellite', 'Streets', 'Outdoors'] as const;

/** The district's default centre and zoom, and zoom 16 on a single point. */
export const FACILITY_MAP_DEFAULT_CENTER: [number, number] = [-104.73472, 40.00753];
export const FACILITY_MAP_DEFAULT_ZOOM = 8.4;
export const FACILITY_MAP_POINT_ZOOM = 16;

/**
 * The facility map's basemaps in button order, matched by name (case and spaces ignored).
 * A district that removed one of them simply gets fewer buttons.
 */
export function facilityBasemaps(all: readonly Basemap[]): Basemap[] {
  const byName = new Map(all.map((b) => [b.name.trim().toLowerCase(), b]));
  return FACILITY_BASEMAP_NAMES.map((name) => byName.get(name.toLowerCase())).filter((b): b is Basemap => b !== undefined);
}

export type FacilityMapView =
  | { kind: 'stored' | 'point' | 'default'; center: [number, number]; zoom: number }
  | { kind: 'bounds'; center: [number, number]; zoom: number; bounds: [[number, number], [number, number]] };

type Centre = Pick<FacilityDetail, 'fp_mapcenter_lat' | 'fp_mapcenter_lon' | 'fp_mapzoom_level'>;
interface Point {
  latitude: number | null;
  longitude: number | null;
}

const isCoordinate = (lat: number | null, lon: number | null): boolean =>
  lat !== null && lon !== null && Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;

/**
 * Where the facility map opens: the facility's stored centre and zoom; without a
 * stored centre, around its located locations (one: zoom 16; several: their bounds); without
 * those, the district's default view.
 */
export function facilityMapView(facility: Centre, locations: readonly Point[]): FacilityMapView {
  const { fp_mapcenter_lat: lat, fp_mapcenter_lon: lon, fp_mapzoom_level: zoom } = facility;
  if (isCoordinate(lat, lon)) return { kind: 'stored', center: [lon!, lat!], zoom: zoom ?? FACILITY_MAP_DEFAULT_ZOOM };

  const points = locations.filter((l) => isCoordinate(l.latitude, l.longitude)).map((l) => [l.longitude!, l.latitude!] as [number, number]);
  if (points.length === 0) return { kind: 'default', center: FACILITY_MAP_DEFAULT_CENTER, zoom: FACILITY_MAP_DEFAULT_ZOOM };
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const west = Math.min(...lons);
  const east = Math.max(...lons);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const center: [number, number] = [(west + east) / 2, (south + north) / 2];
  if (west === east && south === north) return { kind: 'point', center, zoom: FACILITY_MAP_POINT_ZOOM };
  return {
    kind: 'bounds',
    center,
    zoom: FACILITY_MAP_DEFAULT_ZOOM,
    bounds: [
      [west, south],
      [east, north],
    ],
  };
}
