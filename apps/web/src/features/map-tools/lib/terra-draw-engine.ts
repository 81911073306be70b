import type { Map as MapLibreMap } from 'maplibre-gl';
import {
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawLineStringMode,
  TerraDrawPointMode,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';

/**
 * Terra Draw on a MapLibre map, in a chunk of its own: the drawing engine is most of the map
 * page's weight after MapLibre, and is loaded when a drawing tool is first chosen (use-terra-draw.ts).
 */
export function createDraw(map: MapLibreMap): TerraDraw {
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
