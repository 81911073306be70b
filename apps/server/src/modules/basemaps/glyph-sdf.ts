import type { PathCommand } from 'opentype.js';
import type { SdfGlyph } from './glyph-pbf';

/**
 * Signed distance fields straight from glyph outlines, as MapLibre expects them from a glyph
 * server: 24 px em, a 3 px border, radius 8 px, and the outline at value 191 (cutoff 0.25),
 * i.e. value = 255 - 255 * (d / 8 + 0.25) with d > 0 outside. Distances are exact to the
 * flattened outline, so no raster pass (and no canvas) is needed.
 */
export const GLYPH_SIZE = 24;
export const GLYPH_BUFFER = 3;
const RADIUS = 8;
const CUTOFF = 0.25;
const CURVE_STEPS = 8;

type Segment = [number, number, number, number];

/** Outline as line segments (y down, baseline at 0), curves flattened. */
function flatten(commands: PathCommand[]): Segment[] {
  const segs: Segment[] = [];
  let x = 0;
  let y = 0;
  let sx = 0;
  let sy = 0;
  const line = (nx: number, ny: number) => {
    if (nx !== x || ny !== y) segs.push([x, y, nx, ny]);
    x = nx;
    y = ny;
  };
  for (const c of commands) {
    if (c.type === 'M') {
      if (x !== sx || y !== sy) line(sx, sy);
      x = sx = c.x;
      y = sy = c.y;
    } else if (c.type === 'L') {
      line(c.x, c.y);
    } else if (c.type === 'Q') {
      const [x0, y0] = [x, y];
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS;
        const u = 1 - t;
        line(u * u * x0 + 2 * u * t * c.x1 + t * t * c.x, u * u * y0 + 2 * u * t * c.y1 + t * t * c.y);
      }
    } else if (c.type === 'C') {
      const [x0, y0] = [x, y];
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS;
        const u = 1 - t;
        line(
          u * u * u * x0 + 3 * u * u * t * c.x1 + 3 * u * t * t * c.x2 + t * t * t * c.x,
          u * u * u * y0 + 3 * u * u * t * c.y1 + 3 * u * t * t * c.y2 + t * t * t * c.y,
        );
      }
    } else if (c.type === 'Z') {
      line(sx, sy);
    }
  }
  if (x !== sx || y !== sy) line(sx, sy);
  return segs;
}

function distanceToSegment(px: number, py: number, [x0, y0, x1, y1]: Segment): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / len2));
  const ex = x0 + t * dx - px;
  const ey = y0 + t * dy - py;
  return Math.sqrt(ex * ex + ey * ey);
}

/** Non-zero winding: TrueType and CFF outlines both fill by it. */
function inside(px: number, py: number, segs: Segment[]): boolean {
  let winding = 0;
  for (const [x0, y0, x1, y1] of segs) {
    if (y0 <= py) {
      if (y1 > py && (x1 - x0) * (py - y0) - (px - x0) * (y1 - y0) > 0) winding++;
    } else if (y1 <= py && (x1 - x0) * (py - y0) - (px - x0) * (y1 - y0) < 0) winding--;
  }
  return winding !== 0;
}

/**
 * One glyph: `commands` at GLYPH_SIZE px (y down), `advance` in px, `ascender` the font's
 * ascender in px (MapLibre positions glyphs by top relative to the ascender, as fontnik does).
 */
export function sdfGlyph(id: number, commands: PathCommand[], advance: number, ascender: number): SdfGlyph {
  const segs = flatten(commands);
  if (segs.length === 0) return { id, bitmap: new Uint8Array(0), width: 0, height: 0, left: 0, top: 0, advance: Math.round(advance) };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x0, y0, x1, y1] of segs) {
    minX = Math.min(minX, x0, x1);
    maxX = Math.max(maxX, x0, x1);
    minY = Math.min(minY, y0, y1);
    maxY = Math.max(maxY, y0, y1);
  }
  const left = Math.floor(minX);
  const topY = Math.floor(minY);
  const width = Math.ceil(maxX) - left;
  const height = Math.ceil(maxY) - topY;
  const w = width + 2 * GLYPH_BUFFER;
  const h = height + 2 * GLYPH_BUFFER;
  const bitmap = new Uint8Array(w * h);
  for (let j = 0; j < h; j++) {
    const py = topY - GLYPH_BUFFER + j + 0.5;
    for (let i = 0; i < w; i++) {
      const px = left - GLYPH_BUFFER + i + 0.5;
      let d = Infinity;
      for (const s of segs) d = Math.min(d, distanceToSegment(px, py, s));
      if (inside(px, py, segs)) d = -d;
      bitmap[j * w + i] = Math.max(0, Math.min(255, Math.round(255 - 255 * (d / RADIUS + CUTOFF))));
    }
  }
  return { id, bitmap, width, height, left, top: -topY - Math.round(ascender), advance: Math.round(advance) };
}
