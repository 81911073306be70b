import { useCallback, useEffect, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import {
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawLineStringMode,
  TerraDrawPointMode,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { DrawnFeature } from '../lib/measurements';
import { setMapTool } from '../../../map/map-tool-flag';

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

function createDraw(map: MapLibreMap): TerraDraw {
  return new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map }),
    modes: [
      new TerraDrawPolygonMode(),
      new TerraDrawLineStringMode(),
      new TerraDrawPointMode(),
      new TerraDrawCircleMode(),
      // Select lets users move and reshape what they drew; the measurements follow.
      new TerraDrawSelectMode({
        flags: {
          polygon: { feature: { draggable: true, coordinates: { draggable: true } } },
          linestring: { feature: { draggable: true, coordinates: { draggable: true } } },
          point: { feature: { draggable: true } },
          circle: { feature: { draggable: true } },
        },
      }),
    ],
  });
}

/** Only the user's drawings: not guidance points, selection handles or a shape still being drawn. */
function finished(snapshot: GeoJSONStoreFeatures[]): DrawnFeature[] {
  return snapshot.filter((f) => DRAWN_MODES.includes(String(f.properties.mode)) && !f.properties.currentlyDrawing) as DrawnFeature[];
}

/**
 * Terra Draw on the MapLibre map. A basemap switch replaces the whole style (use-basemap.ts), which
 * takes Terra Draw's sources and layers with it, so each new style gets a fresh instance that is handed
 * the previous drawings back (`styleVersion` is bumped by useBasemap once the style has loaded).
 */
export function useTerraDraw(map: MapLibreMap | null, styleVersion: number): TerraDrawState {
  const drawRef = useRef<TerraDraw | null>(null);
  const keptRef = useRef<GeoJSONStoreFeatures[]>([]);
  const modeRef = useRef<DrawMode>('static');
  const [mode, setModeState] = useState<DrawMode>('static');
  const [features, setFeatures] = useState<DrawnFeature[]>([]);

  useEffect(() => {
    if (!map || styleVersion === 0) return;
    const draw = createDraw(map);
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
    return () => {
      keptRef.current = finished(draw.getSnapshot()) as GeoJSONStoreFeatures[];
      drawRef.current = null;
      try {
        draw.stop();
      } catch {
        // After a basemap switch the old style took Terra Draw's sources with it and removeSource
        // throws; its event listeners are removed before that, which is what matters.
      }
    };
  }, [map, styleVersion]);

  useEffect(() => (map ? () => setMapTool(map, 'draw', false) : undefined), [map]);

  const setMode = useCallback(
    (next: DrawMode) => {
      modeRef.current = next;
      setModeState(next);
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
