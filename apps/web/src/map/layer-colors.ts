/**
 * Colour validation of layer styles ("An invalid colour is logged as 'Invalid color'").
 * A layer's literal paint colours are checked before the layer is added: a bad one is logged and
 * left out, so MapLibre draws its default colour instead of refusing the whole layer.
 */

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTIONAL = /^(rgb|rgba|hsl|hsla)\(\s*[-+\d.%\s,/]+\)$/i;

/** Whether a literal colour is one MapLibre can parse: hex, rgb()/hsl() forms, or a CSS colour name. */
export function isValidColor(value: string): boolean {
  const v = value.trim();
  if (HEX.test(v) || FUNCTIONAL.test(v)) return true;
  if (!/^[a-z]+$/i.test(v)) return false;
  // Colour names: the browser's own list (CSS.supports is missing outside a browser).
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function' ? CSS.supports('color', v) : false;
}

/** The paint object with invalid literal colours removed; each removal is logged as 'Invalid color'. */
export function checkedPaint(layerId: string, paint: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!paint) return paint;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(paint)) {
    // Expressions (arrays) are evaluated per feature by MapLibre; only literal strings are checked here.
    if (key.endsWith('-color') && typeof value === 'string' && !isValidColor(value)) {
      console.error('Invalid color', { layer: layerId, property: key, value });
      continue;
    }
    out[key] = value;
  }
  return out;
}
