import { useCallback, useEffect, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { GeoJSONStoreFeatures, TerraDraw } from 'terra-draw';
import type { DrawnFeature } from '../lib/measurements';
import { setMapTool } from '../../../map/map-tool-flag';
import { prefetchWhenIdle } from '../../../lib/prefetch';

const loadEngine = () => import('../lib/terra-draw-engine');

export type DrawMode = 'polygon' | 'linestring' | 'point' | 'circle' | 'select' | 'static';

const DRAWN_MODES = ['polygon', 'linestring', 'point', 'circle'];

export interface TerraDrawState {
  mode: DrawMode;
  setMode: (mode: DrawMode) => void;
  /** Finished drawings, oldest first. */
  features: DrawnFeature[];
  /** Removes every drawing. */
  reset: () => void;
}

/** Only the user's drawings: not guidance points, selection handles or a shape still being drawn. */
function finished(snapshot: GeoJSONStoreFeatures[]): DrawnFeature[] {
  return snapshot.filter((f) => DRAWN_MODES.includes(String(f.properties.mode)) && !f.properties.currentlyDrawing) as DrawnFeature[];
}

/**
 * Terra Draw on the MapLibre map, started when a drawing tool is first chosen (its code is
 * fetched then, or earlier once the page is idle). A basemap switch replaces the whole style (use-basemap.ts), which
 * takes Terra Draw's sources and layers with it, so each new style gets a fresh instance that is handed
 * the previous drawings back (`styleVersion` is bumped by useBasemap once the style has loaded).
 */
export function useTerraDraw(map: MapLibreMap | null, styleVersion: number): TerraDrawState {
  const drawRef = useRef<TerraDraw | null>(null);
  const keptRef = useRef<GeoJSONStoreFeatures[]>([]);
  const modeRef = useRef<DrawMode>('static');
  const [mode, setModeState] = useState<DrawMode>('static');
  const [features, setFeatures] = useState<DrawnFeature[]>([]);
  const [wanted, setWanted] = useState(false);

  useEffect(() => (map ? prefetchWhenIdle(loadEngine) : undefined), [map]);

  useEffect(() => {
    if (!map || styleVersion === 0 || !wanted) return;
    let draw: TerraDraw | null = null;
    let cancelled = false;
    function start(draw: TerraDraw): TerraDraw {
      drawRef.current = draw;
      const publish = () => setFeatures(finished(draw.getSnapshot()));
      draw.on('finish', publish);
      draw.on('change', (_ids, type) => {
        // Deleting and dragging a selected shape change it without a new 'finish'.
        if (type === 'delete' || draw.getModeState() !== 'drawing') publish();
      });
      draw.on('ready', () => {
        const kept = keptRef.current.map((f) => ({
          ...f,
          properties: {
            mode: f.properties.mode,
            ...(f.properties.radiusKilometers !== undefined ? { radiusKilometers: f.properties.radiusKilometers } : {}),
          },
        }));
        if (kept.length) draw.addFeatures(kept);
        draw.setMode(modeRef.current);
        publish();
      });
      draw.start();
      return draw;
    }

    function stop(draw: TerraDraw): void {
      keptRef.current = finished(draw.getSnapshot()) as GeoJSONStoreFeatures[];
      drawRef.current = null;
      try {
        draw.stop();
      } catch {
        // After a basemap switch the old style took Terra Draw's sources with it and removeSource
        // throws; its event listeners are removed before that, which is what matters.
      }
    }

    void loadEngine().then(({ createDraw }) => {
      if (cancelled) return;
      draw = start(createDraw(map));
    });
    return () => {
      cancelled = true;
      if (draw) stop(draw);
    };
  }, [map, styleVersion, wanted]);

  useEffect(() => (map ? () => setMapTool(map, 'draw', false) : undefined), [map]);

  const setMode = useCallback(
    (next: DrawMode) => {
      modeRef.current = next;
      setModeState(next);
      if (next !== 'static') setWanted(true);
      if (map) setMapTool(map, 'draw', next !== 'static');
      const draw = drawRef.current;
      if (draw?.enabled) draw.setMode(next);
    },
    [map],
  );

  const reset = useCallback(() => {
    keptRef.current = [];
    const draw = drawRef.current;
    if (draw?.enabled) {
      // Leave a shape being drawn first, then remove every finished one (their handles go with them).
      draw.setMode('static');
      draw.removeFeatures(finished(draw.getSnapshot()).map((f) => f.id as string));
      draw.setMode(modeRef.current);
    }
    setFeatures([]);
  }, []);

  return { mode, setMode, features, reset };
}
