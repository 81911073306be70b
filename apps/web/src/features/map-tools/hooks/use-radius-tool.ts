import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { RadiusCentre } from '../lib/radius-centre';
import { circleExtent, DEFAULT_RINGS, outermostRadiusKm, type RingInput, type RingProperties } from '../lib/radius-rings';
import { prefetchWhenIdle } from '../../../lib/prefetch';
import { useRadiusLayer } from './use-radius-layer';

const loadGeometry = () => import('../lib/radius-rings-geometry');
type RingGeometry = Awaited<ReturnType<typeof loadGeometry>>;

/** Room kept around the outermost ring when the map fits the rings. */
const FIT_PADDING_PX = 40;

const EMPTY_RINGS: FeatureCollection<Polygon | MultiPolygon, RingProperties> = { type: 'FeatureCollection', features: [] };

export interface RadiusTool {
  rings: RingInput[];
  setRings: (update: (rings: RingInput[]) => RingInput[]) => void;
  centre: RadiusCentre | null;
  /** A point picked on the map (no view change), or null to clear the rings. */
  setCentre: (centre: RadiusCentre | null) => void;
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  /** The ring features on the map (none while disabled or without a centre). */
  drawn: FeatureCollection<Polygon | MultiPolygon, RingProperties>;
  /**
   * Centres the rings on a selected location (search result or popup): turns them on and fits the
   * map to the outermost ring, so a choice made at district zoom does not draw rings a few pixels wide.
   */
  centreOn: (location: RadiusCentre) => void;
}

/**
 * The Radius Tool's state, held by the map page so that both the side panel section
 * and a location's popup can set the centre; the rings are drawn on the map from here.
 */
export function useRadiusTool(map: MapLibreMap | null, styleVersion: number): RadiusTool {
  const [rings, setRings] = useState<RingInput[]>(() => DEFAULT_RINGS.map((r) => ({ ...r })));
  const [centre, setCentre] = useState<RadiusCentre | null>(null);
  const [enabled, setEnabled] = useState(true);

  // The rings' geometry code arrives when rings are first drawn, or earlier once the page is idle.
  const [geometry, setGeometry] = useState<RingGeometry | null>(null);
  const point = useMemo<[number, number] | null>(() => (centre ? [centre.lng, centre.lat] : null), [centre]);
  useEffect(() => prefetchWhenIdle(loadGeometry), []);
  useEffect(() => {
    if (!enabled || !point || geometry) return;
    let cancelled = false;
    void loadGeometry().then((g) => !cancelled && setGeometry(g));
    return () => {
      cancelled = true;
    };
  }, [enabled, point, geometry]);
  const drawn = useMemo(
    () => (enabled && point && geometry ? geometry.buildRadiusRings(point, rings) : EMPTY_RINGS),
    [enabled, point, rings, geometry],
  );
  useRadiusLayer(map, styleVersion, drawn, enabled ? point : null);

  const centreOn = useCallback(
    (location: RadiusCentre) => {
      setCentre(location);
      setEnabled(true);
      const extent = circleExtent([location.lng, location.lat], outermostRadiusKm(rings));
      if (map && extent) {
        map.fitBounds(
          [
            [extent[0], extent[1]],
            [extent[2], extent[3]],
          ],
          { padding: FIT_PADDING_PX },
        );
      }
    },
    [map, rings],
  );

  return { rings, setRings, centre, setCentre, enabled, setEnabled, drawn, centreOn };
}
