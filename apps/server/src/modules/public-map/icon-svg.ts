import { createHash } from 'node:crypto';
import type { IconQuery, MapSymbolShape } from '@portal/contracts';

/**
 * Map symbols as SVG: one drawing per map_sym_shape, scaled to the requested box with the
 * stroke kept inside it (so a 2 px outline is not clipped at the edge).
 */

const fmt = (n: number) => String(Math.round(n * 100) / 100);

function polygon(points: [number, number][]): string {
  return points.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' ');
}

/** Outline of a shape inside the box [inset, w - inset] x [inset, h - inset]. */
function shapeElement(shape: MapSymbolShape, w: number, h: number, inset: number): string {
  const x0 = inset;
  const y0 = inset;
  const x1 = w - inset;
  const y1 = h - inset;
  const cx = w / 2;
  const cy = h / 2;
  const rx = Math.max((x1 - x0) / 2, 0.01);
  const ry = Math.max((y1 - y0) / 2, 0.01);
  switch (shape) {
    case 'circle':
      return `<ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(rx)}" ry="${fmt(ry)}"/>`;
    case 'square':
      return `<rect x="${fmt(x0)}" y="${fmt(y0)}" width="${fmt(x1 - x0)}" height="${fmt(y1 - y0)}"/>`;
    case 'triangle':
      return `<polygon points="${polygon([
        [cx, y0],
        [x1, y1],
        [x0, y1],
      ])}"/>`;
    case 'diamond':
      return `<polygon points="${polygon([
        [cx, y0],
        [x1, cy],
        [cx, y1],
        [x0, cy],
      ])}"/>`;
    case 'star': {
      // Five points; the inner radius ratio 0.382 gives the classic pentagram outline.
      const pts: [number, number][] = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 === 0 ? 1 : 0.382;
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        pts.push([cx + Math.cos(a) * rx * r, cy + ry * 0.1 + Math.sin(a) * ry * r]);
      }
      return `<polygon points="${polygon(pts)}"/>`;
    }
  }
}

/** The SVG document for an icon request. */
export function iconSvg(q: IconQuery): string {
  const inset = q.strokeWidth / 2;
  const body = shapeElement(q.shape, q.width, q.height, inset);
  const stroke =
    q.strokeWidth > 0 ? ` stroke="${q.strokeColor}" stroke-width="${fmt(q.strokeWidth)}" stroke-linejoin="round"` : ' stroke="none"';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${q.width}" height="${q.height}" viewBox="0 0 ${q.width} ${q.height}">` +
    `<g fill="${q.color}"${stroke}>${body}</g></svg>`
  );
}

/** A strong ETag: the same parameters always give the same bytes. */
export function iconEtag(svg: string): string {
  return `"${createHash('sha1').update(svg).digest('base64url')}"`;
}
