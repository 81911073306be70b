import area from '@turf/area';
import length from '@turf/length';
import type { Feature, Geometry } from 'geojson';
import { areaTexts, coordinatesText, kmToFeetText, NO_MEASUREMENT } from './units';

/** The four lines of the measurements box; '--' for a kind with none drawn. */
export interface Measurements {
  circleRadiusFeet: string;
  lineLengthFeet: string;
  polygonAcres: string;
  polygonSquareFeet: string;
  point: string;
}

export const EMPTY_MEASUREMENTS: Measurements = {
  circleRadiusFeet: NO_MEASUREMENT,
  lineLengthFeet: NO_MEASUREMENT,
  polygonAcres: NO_MEASUREMENT,
  polygonSquareFeet: NO_MEASUREMENT,
  point: NO_MEASUREMENT,
};

/** What the drawing tool stores: a geometry plus its `mode` (and `radiusKilometers` for circles). */
export type DrawnFeature = Feature<Geometry, { mode?: unknown; radiusKilometers?: unknown; [key: string]: unknown }>;

/**
 * Measures the latest finished drawing of each kind. `features` are in drawing order (oldest first),
 * so the last of a kind wins. A polygon's total area is its whole surface (turf's geodesic area).
 * A circle's radius is the `radiusKilometers` Terra Draw computed from the two clicks (the haversine
 * distance on its 6,371 km sphere from centre to edge), never derived from the 64-point outline,
 * which Terra Draw stretches for Web Mercator so that it passes under the pointer.
 */
export function measureDrawings(features: readonly DrawnFeature[]): Measurements {
  const result: Measurements = { ...EMPTY_MEASUREMENTS };
  for (const f of features) {
    const mode = f.properties?.mode;
    const g = f.geometry;
    if (mode === 'circle' && typeof f.properties.radiusKilometers === 'number') {
      result.circleRadiusFeet = kmToFeetText(f.properties.radiusKilometers);
    } else if (mode === 'linestring' && g.type === 'LineString') {
      result.lineLengthFeet = kmToFeetText(length(f, { units: 'kilometers' }));
    } else if (mode === 'polygon' && g.type === 'Polygon') {
      const a = areaTexts(area(f));
      result.polygonAcres = a.acres;
      result.polygonSquareFeet = a.squareFeet;
    } else if (mode === 'point' && g.type === 'Point') {
      result.point = coordinatesText(g.coordinates[0], g.coordinates[1]);
    }
  }
  return result;
}
