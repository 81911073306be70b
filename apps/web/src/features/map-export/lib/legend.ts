import { LAYER_GROUPS, type PublicMapLayer } from '@portal/contracts';

export type LegendSymbol = 'circle' | 'fill' | 'line' | 'other';

export interface LegendEntry {
  name: string;
  /** [r, g, b] 0-255 */
  color: [number, number, number];
  symbol: LegendSymbol;
}

/** Used when a layer's colour comes only from its data (no literal colour in the style). */
export const LEGEND_FALLBACK_COLOR: [number, number, number] = [128, 128, 128];

const COLOR_PROPERTY: Record<string, string> = {
  circle: 'circle-color',
  fill: 'fill-color',
  line: 'line-color',
  symbol: 'text-color',
  heatmap: 'heatmap-color',
  'fill-extrusion': 'fill-extrusion-color',
};

/** '#rgb', '#rrggbb', 'rgb(r, g, b)' or 'rgba(r, g, b, a)' as [r, g, b]; null for anything else. */
export function parseColor(value: string): [number, number, number] | null {
  const text = value.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return [1, 2, 3].map((i) => parseInt(short[i] + short[i], 16)) as [number, number, number];
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})(?:[0-9a-f]{2})?$/.exec(text);
  if (long) return [1, 2, 3].map((i) => parseInt(long[i], 16)) as [number, number, number];
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/.exec(text);
  if (rgb) {
    const parts = [rgb[1], rgb[2], rgb[3]].map(Number);
    return parts.every((n) => n <= 255) ? (parts as [number, number, number]) : null;
  }
  return null;
}

/**
 * The first literal colour in a paint value: the value itself, or for an expression such as
 * ['coalesce', ['get', 'map_sym_fill_color'], '#1F78B4'] the first colour found inside it.
 */
export function firstColor(value: unknown): [number, number, number] | null {
  if (typeof value === 'string') return parseColor(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstColor(item);
      if (found) return found;
    }
  }
  return null;
}

const groupIndex = (l: PublicMapLayer) => LAYER_GROUPS.indexOf(l.lreProperties.layerGroup);

function symbolOf(type: string): LegendSymbol {
  return type === 'circle' || type === 'fill' || type === 'line' ? type : 'other';
}

/**
 * The legend of the layers the map shows: one entry per layer name, in the Layers panel's
 * order (group, then legend order), with the colour of its style (grey when the colour comes only from the data).
 */
export function legendEntries(layers: readonly PublicMapLayer[], visibleIds: ReadonlySet<string>): LegendEntry[] {
  const seen = new Set<string>();
  return layers
    .filter((l) => visibleIds.has(l.id))
    .slice()
    .sort((a, b) => groupIndex(a) - groupIndex(b) || a.lreProperties.legendOrder - b.lreProperties.legendOrder)
    .flatMap((l) => {
      if (seen.has(l.name)) return [];
      seen.add(l.name);
      const property = COLOR_PROPERTY[l.type];
      const color = (property && firstColor(l.paint?.[property])) || LEGEND_FALLBACK_COLOR;
      return [{ name: l.name, color, symbol: symbolOf(l.type) }];
    });
}
