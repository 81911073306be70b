import type { LayerSpecification } from 'maplibre-gl';
import {
  LAYER_GROUPS,
  PUBLIC_LOCATIONS_SOURCE_ID,
  UNITED_LOCATIONS_SOURCE_ID,
  type LayerGroup,
  type PublicMapLayer,
} from '@portal/contracts';
import { checkedPaint } from './layer-colors';

/** Groups open when the page opens (the first three). */
export const DEFAULT_OPEN_GROUPS: readonly LayerGroup[] = LAYER_GROUPS.slice(0, 3);

/** Location labels (well number) from zoom 12; private (united) labels from zoom 8. */
export const LOCATION_LABEL_MINZOOM = 12;
export const PRIVATE_LABEL_MINZOOM = 8;
export const LABEL_SUFFIX = '-labels';

export const LOCATION_SOURCES: ReadonlySet<string> = new Set([PUBLIC_LOCATIONS_SOURCE_ID, UNITED_LOCATIONS_SOURCE_ID]);
export const isLocationLayer = (layer: Pick<PublicMapLayer, 'source'>) => LOCATION_SOURCES.has(layer.source);

/** What the user has set for one layer in the Layers panel. */
export interface LayerSetting {
  visible: boolean;
  /** 0-100; only used by fill layers. */
  opacity: number;
}

export interface LayerGroupEntry {
  group: LayerGroup;
  layers: PublicMapLayer[];
}

/** The panel's groups in spec order, each sorted by legendOrder; empty groups are left out. */
export function groupLayers(layers: readonly PublicMapLayer[]): LayerGroupEntry[] {
  return LAYER_GROUPS.map((group) => ({
    group,
    layers: layers
      .filter((l) => l.lreProperties.layerGroup === group)
      .sort((a, b) => a.lreProperties.legendOrder - b.lreProperties.legendOrder),
  })).filter((g) => g.layers.length > 0);
}

export const isFillLayer = (layer: Pick<PublicMapLayer, 'type'>) => layer.type === 'fill';

/** The setting a layer starts with: its layout visibility and its fill opacity as a percentage. */
export function initialLayerSetting(layer: PublicMapLayer): LayerSetting {
  const visible = layer.layout?.visibility !== 'none';
  const raw = layer.paint?.['fill-opacity'];
  const opacity = typeof raw === 'number' ? Math.round(Math.min(1, Math.max(0, raw)) * 100) : 100;
  return { visible, opacity };
}

export function initialLayerSettings(layers: readonly PublicMapLayer[]): Record<string, LayerSetting> {
  return Object.fromEntries(layers.map((l) => [l.id, initialLayerSetting(l)]));
}

/** A group is shown as on when any of its layers is; toggling it sets all of them. */
export function isGroupVisible(group: LayerGroupEntry, settings: Record<string, LayerSetting>): boolean {
  return group.layers.some((l) => settings[l.id]?.visible ?? true);
}

export function setGroupVisibility(
  group: LayerGroupEntry,
  settings: Record<string, LayerSetting>,
  visible: boolean,
): Record<string, LayerSetting> {
  const next = { ...settings };
  for (const l of group.layers) next[l.id] = { ...(next[l.id] ?? initialLayerSetting(l)), visible };
  return next;
}

/** The layer as MapLibre takes it: our `name` and `lreProperties` removed (MapLibre rejects unknown keys). */
export function toLayerSpecification(layer: PublicMapLayer): LayerSpecification {
  const { name: _name, lreProperties: _lre, ...spec } = layer;
  const paint = checkedPaint(layer.id, spec.paint as Record<string, unknown> | undefined);
  return { ...spec, ...(paint ? { paint } : {}) } as unknown as LayerSpecification;
}

/** What a location's map label shows. */
export type LocationLabelBy = 'well-number' | 'location-id';

/**
 * The label layer drawn over a location circle layer: on the maps the well number where there is
 * one, otherwise the display label; on a facility page the location id, the identifier its tables
 * use. Needs the basemap style's glyphs and one of its fonts.
 */
export function labelLayerFor(layer: PublicMapLayer, fonts: string[], labelBy: LocationLabelBy = 'well-number'): LayerSpecification | null {
  if (!isLocationLayer(layer) || layer.type !== 'circle') return null;
  return {
    id: `${layer.id}${LABEL_SUFFIX}`,
    type: 'symbol',
    source: layer.source,
    minzoom: layer.source === UNITED_LOCATIONS_SOURCE_ID ? PRIVATE_LABEL_MINZOOM : LOCATION_LABEL_MINZOOM,
    layout: {
      'text-field':
        labelBy === 'location-id'
          ? ['coalesce', ['get', 'location_id'], ['get', 'location_display_label']]
          : ['coalesce', ['get', 'cuwcd_well_number'], ['get', 'location_display_label']],
      'text-font': fonts,
      'text-size': 11,
      'text-offset': [0, 1.1],
      'text-anchor': 'top',
      'text-optional': true,
    },
    paint: { 'text-color': '#0B2A3C', 'text-halo-color': '#FFFFFF', 'text-halo-width': 1.5 },
  };
}

/** The fonts a style's own symbol layers use (the glyph server has those); null when it has no glyphs. */
export function styleFonts(style: {
  glyphs?: string;
  layers?: Array<{ type: string; layout?: Record<string, unknown> }>;
}): string[] | null {
  if (!style.glyphs) return null;
  for (const l of style.layers ?? []) {
    const font = l.type === 'symbol' ? l.layout?.['text-font'] : undefined;
    if (Array.isArray(font) && font.every((f) => typeof f === 'string') && font.length) return font as string[];
  }
  return ['Open Sans Regular'];
}
