import buffer from '@turf/buffer';
import difference from '@turf/difference';
import { featureCollection, point } from '@turf/helpers';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
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

/** Enough segments that a half-mile ring looks round at street zoom. */
const STEPS = 64;

/**
 * Rings with amount 0 or below (or unreadable) are skipped; each ring is the difference
 * between its buffer and the next smaller one, so the rings never overlap. Rings are ordered by
 * radius, so a form filled largest-first still draws bands; a radius repeated is drawn once.
 */
export function buildRadiusRings(
  center: [number, number],
  rings: readonly RingInput[],
): FeatureCollection<Polygon | MultiPolygon, RingProperties> {
  const usable: RingProperties[] = [];
  rings.forEach((r, i) => {
    const parsed = parseBufferAmount(r.amount);
    if (!parsed.ok || parsed.value <= 0) return;
    usable.push({ ring: i + 1, amount: parsed.value, units: r.units, radiusKm: toKilometres(parsed.value, r.units) });
  });
  usable.sort((a, b) => a.radiusKm - b.radiusKm);

  const out: Feature<Polygon | MultiPolygon, RingProperties>[] = [];
  let inner: Feature<Polygon | MultiPolygon> | null = null;
  let innerKm = 0;
  for (const props of usable) {
    // Equal radii typed in different units (0.5 mi, 2640 ft) differ only by rounding.
    if (props.radiusKm - innerKm < 1e-9) continue;
    const outer = buffer(point(center), props.radiusKm, { units: 'kilometers', steps: STEPS });
    if (!outer) continue;
    const band = inner ? difference(featureCollection([outer, inner])) : outer;
    if (band) out.push({ type: 'Feature', geometry: band.geometry, properties: props });
    inner = outer;
    innerKm = props.radiusKm;
  }
  return { type: 'FeatureCollection', features: out };
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
