import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Colorado counties from the us-atlas package (Census cartographic boundaries), so the demo
 * needs no download and the county of each location is the one that really contains it.
 */
export interface County {
  /** Five-digit FIPS code, e.g. '08123'. */
  fips: string;
  name: string;
  geometry: Polygon | MultiPolygon;
}

const COLORADO_FIPS = '08';

let cached: County[] | undefined;

/** All 64 Colorado counties, sorted by name (stable order for deterministic keys). */
export function coloradoCounties(): County[] {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const topo = require('us-atlas/counties-10m.json') as Topology<{ counties: GeometryCollection<{ name: string }> }>;
  const all = feature(topo, topo.objects.counties) as FeatureCollection<Polygon | MultiPolygon, { name: string }>;
  cached = all.features
    .filter((f) => String(f.id).startsWith(COLORADO_FIPS))
    .map((f) => ({ fips: String(f.id), name: f.properties.name, geometry: f.geometry }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return cached;
}

/** The counties as a GeoJSON FeatureCollection for the 'colorado-counties' map source. */
export function countiesFeatureCollection(): FeatureCollection {
  const features: Feature[] = coloradoCounties().map((c) => ({
    type: 'Feature',
    id: c.fips,
    properties: { county_name: c.name, fips: c.fips, state: 'Colorado' },
    geometry: c.geometry,
  }));
  return { type: 'FeatureCollection', features };
}

function inRing(lon: number, lat: number, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inPolygon(lon: number, lat: number, rings: Position[][]): boolean {
  if (!inRing(lon, lat, rings[0])) return false;
  return !rings.slice(1).some((hole) => inRing(lon, lat, hole));
}

/** The county whose polygon contains the point, or undefined outside Colorado. */
export function countyAt(lon: number, lat: number): County | undefined {
  return coloradoCounties().find((c) =>
    c.geometry.type === 'Polygon'
      ? inPolygon(lon, lat, c.geometry.coordinates)
      : c.geometry.coordinates.some((p) => inPolygon(lon, lat, p)),
  );
}
