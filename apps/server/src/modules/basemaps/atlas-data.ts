import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Offline basemap data from the us-atlas npm package (US Census cartographic boundaries,
 * 1:10m): US states, Colorado's counties and label points for both. Built once per process.
 */

type Area = Polygon | MultiPolygon;
const COLORADO_FIPS = '08';
const require = createRequire(import.meta.url);

const round = (p: Position): Position => [Math.round(p[0] * 1e5) / 1e5, Math.round(p[1] * 1e5) / 1e5];
function roundGeometry(g: Area): Area {
  return g.type === 'Polygon'
    ? { type: 'Polygon', coordinates: g.coordinates.map((r) => r.map(round)) }
    : { type: 'MultiPolygon', coordinates: g.coordinates.map((p) => p.map((r) => r.map(round))) };
}

function ringArea(ring: Position[]): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += (ring[j][0] + ring[i][0]) * (ring[j][1] - ring[i][1]);
  return Math.abs(a / 2);
}

/** Centroid of the largest outer ring: where a label reads naturally for states with islands. */
function labelPoint(g: Area): Position {
  const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  const ring = polys.map((p) => p[0]).reduce((best, r) => (ringArea(r) > ringArea(best) ? r : best));
  let cx = 0;
  let cy = 0;
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const f = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
    cx += (ring[j][0] + ring[i][0]) * f;
    cy += (ring[j][1] + ring[i][1]) * f;
    a += f;
  }
  return a === 0 ? ring[0] : round([cx / (3 * a), cy / (3 * a)]);
}

export interface AtlasData {
  states: FeatureCollection;
  counties: FeatureCollection;
  labels: FeatureCollection;
}

let cached: AtlasData | undefined;

/** States, Colorado counties and their label points as GeoJSON. */
export function atlasData(): AtlasData {
  if (cached) return cached;
  const st = require('us-atlas/states-10m.json') as Topology<{ states: GeometryCollection<{ name: string }> }>;
  const co = require('us-atlas/counties-10m.json') as Topology<{ counties: GeometryCollection<{ name: string }> }>;
  const stateFc = feature(st, st.objects.states) as FeatureCollection<Area, { name: string }>;
  const countyFc = feature(co, co.objects.counties) as FeatureCollection<Area, { name: string }>;
  const states: Feature[] = stateFc.features.map((f) => ({
    type: 'Feature',
    id: Number(f.id),
    properties: { name: f.properties.name },
    geometry: roundGeometry(f.geometry),
  }));
  const counties: Feature[] = countyFc.features
    .filter((f) => String(f.id).startsWith(COLORADO_FIPS))
    .map((f) => ({ type: 'Feature', id: Number(f.id), properties: { name: f.properties.name }, geometry: roundGeometry(f.geometry) }));
  const labels: Feature[] = [
    ...stateFc.features.map((f) => ({ kind: 'state', f })),
    ...countyFc.features.filter((f) => String(f.id).startsWith(COLORADO_FIPS)).map((f) => ({ kind: 'county', f })),
  ].map(({ kind, f }) => ({
    type: 'Feature',
    properties: { name: f.properties.name, kind },
    geometry: { type: 'Point', coordinates: labelPoint(f.geometry) },
  }));
  cached = {
    states: { type: 'FeatureCollection', features: states },
    counties: { type: 'FeatureCollection', features: counties },
    labels: { type: 'FeatureCollection', features: labels },
  };
  return cached;
}

/** Colorado's outline rings (for preview images), from the states layer. */
export function coloradoOutline(): Position[][] {
  const co = atlasData().states.features.find((f) => f.id === Number(COLORADO_FIPS))!;
  const g = co.geometry as Area;
  return g.type === 'Polygon' ? [g.coordinates[0]] : g.coordinates.map((p) => p[0]);
}
