import buffer from '@turf/buffer';
import difference from '@turf/difference';
import { featureCollection, point } from '@turf/helpers';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { parseBufferAmount } from './buffer-amount';
import type { RingInput, RingProperties } from './radius-rings';
import { toKilometres } from './units';

/*
 * The rings' geometry, in a chunk of its own: the geometry library is most of the map page's
 * weight after MapLibre, loaded when the Radius Tool first draws (use-radius-tool.ts).
 */

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
