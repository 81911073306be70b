import { describe, expect, it } from 'vitest';
import { A4_LANDSCAPE, northArrowShape, pdfLayout, PRINT_SCALE_WIDTH, scaledSize } from './pdf-layout';

const inside = (inner: { x: number; y: number; width: number; height: number }, outer: { width: number; height: number }) =>
  inner.x >= 0 && inner.y >= 0 && inner.x + inner.width <= outer.width + 1e-9 && inner.y + inner.height <= outer.height + 1e-9;

describe('scaledSize', () => {
  it('scales to the print width of 1000 px keeping the aspect ratio', () => {
    expect(PRINT_SCALE_WIDTH).toBe(1000);
    expect(scaledSize(1366, 683)).toEqual({ width: 1000, height: 500 });
    expect(scaledSize(500, 1000)).toEqual({ width: 1000, height: 2000 });
  });

  it('refuses a map without size', () => {
    expect(() => scaledSize(0, 100)).toThrow('The map has no size to export.');
  });
});

describe('pdfLayout', () => {
  it('is A4 landscape', () => {
    expect(pdfLayout(1000, 600).page).toEqual({ width: 297, height: 210 });
    expect(A4_LANDSCAPE.width).toBeGreaterThan(A4_LANDSCAPE.height);
  });

  it('keeps the map aspect ratio for wide and tall maps', () => {
    for (const [w, h] of [
      [1000, 400],
      [1000, 700],
      [1000, 2000],
    ]) {
      const { map } = pdfLayout(w, h);
      expect(map.width / map.height).toBeCloseTo(w / h, 6);
    }
  });

  it('puts map and legend on the page side by side without overlap, under the header', () => {
    for (const [w, h] of [
      [1000, 400],
      [1000, 2000],
    ]) {
      const l = pdfLayout(w, h);
      expect(inside(l.map, l.page)).toBe(true);
      expect(inside(l.legend, l.page)).toBe(true);
      expect(l.map.x + l.map.width).toBeLessThan(l.legend.x);
      expect(l.map.y).toBeGreaterThan(l.title.y);
    }
  });

  it('fills the available width for a wide map (the usual browser window)', () => {
    const { map, legend } = pdfLayout(1000, 500);
    expect(map.x).toBe(10);
    expect(legend.x - (map.x + map.width)).toBeCloseTo(5, 6);
  });

  it('keeps scale bar and north arrow inside the map', () => {
    const l = pdfLayout(1000, 500);
    expect(l.scaleBar.x + l.scaleBar.maxLength).toBeLessThan(l.map.x + l.map.width);
    expect(l.scaleBar.y).toBeLessThan(l.map.y + l.map.height);
    expect(l.northArrow.cx + l.northArrow.size / 2).toBeLessThan(l.map.x + l.map.width);
    expect(l.northArrow.cy - l.northArrow.size / 2).toBeGreaterThan(l.map.y);
  });
});

describe('northArrowShape', () => {
  it('points up on a north-up map', () => {
    const { triangle, label } = northArrowShape(100, 50, 10, 0);
    expect(triangle[0]).toEqual([100, 45]);
    expect(triangle[1][1]).toBeGreaterThan(50);
    expect(label[0]).toBe(100);
    expect(label[1]).toBeGreaterThan(triangle[1][1]);
  });

  it('turns against the bearing: facing east, north is to the left', () => {
    const { triangle } = northArrowShape(100, 50, 10, 90);
    expect(triangle[0]).toEqual([95, 50]);
  });
});
