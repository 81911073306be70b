import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { parseBufferAmount } from './buffer-amount';
import { toKilometres, type DistanceUnits } from './units';

export interface RingInput {
  amount: string;
  units: DistanceUnits;
}

/** Ring 1 is 0.25 miles, ring 2 is 0.5 miles, rings 3 and 4 are 0 (unused). */
export const DEFAULT_RINGS: readonly RingInput[] = [
  { amount: '0.25', units: 'Miles' },
  { amount: '0.5', units: 'Miles' },
  { amount: '0', units: 'Miles' },
  { amount: '0', units: 'Miles' },
];

export interface RingProperties {
  /** 1-based position of the ring in the form. */
  ring: number;
  amount: number;
  units: DistanceUnits;
  radiusKm: number;
}

export type Extent = [west: number, south: number, east: number, north: number];

/**
 * The box around every ring ([west, south, east, north]); null when no ring is drawn. The outermost
 * ring decides it; the map fits it when the rings are centred on a selected location.
 */
export function ringsExtent(rings: FeatureCollection<Polygon | MultiPolygon>): Extent | null {
  let extent: Extent | null = null;
  for (const f of rings.features) {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    for (const polygon of polygons) {
      // The outer boundary holds the extremes; holes lie inside it.
      for (const [lng, lat] of polygon[0] ?? []) {
        if (!extent) extent = [lng, lat, lng, lat];
        else extent = [Math.min(extent[0], lng), Math.min(extent[1], lat), Math.max(extent[2], lng), Math.max(extent[3], lat)];
      }
    }
  }
  return extent;
}

/** Kilometres in one degree of latitude (and of longitude at the equator), on the mean Earth radius. */
const KM_PER_DEGREE = (Math.PI * 6371.0088) / 180;

/** The radius in kilometres of the outermost usable ring; 0 when none is usable. */
export function outermostRadiusKm(rings: readonly RingInput[]): number {
  let km = 0;
  for (const r of rings) {
    const parsed = parseBufferAmount(r.amount);
    if (parsed.ok && parsed.value > 0) km = Math.max(km, toKilometres(parsed.value, r.units));
  }
  return km;
}

/** The box around a circle of `km` about `center` ([west, south, east, north]); null for no circle. */
export function circleExtent(center: [number, number], km: number): Extent | null {
  if (km <= 0) return null;
  const [lng, lat] = center;
  const dLat = km / KM_PER_DEGREE;
  const dLng = km / (KM_PER_DEGREE * Math.max(Math.cos((lat * Math.PI) / 180), 1e-6));
  return [lng - dLng, lat - dLat, lng + dLng, lat + dLat];
}
