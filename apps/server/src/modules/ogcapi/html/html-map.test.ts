import { describe, expect, it } from 'vitest';
import { pointsMap } from './html-map';

const circles = (html: string) =>
  [...html.matchAll(/<circle class="map-point" cx="([\d.]+)" cy="([\d.]+)" r="5"><title>([^<]*)<\/title>/g)].map((m) => ({
    id: m[3],
    x: Number(m[1]),
    y: Number(m[2]),
  }));

describe('pointsMap', () => {
  it('places west left of east and north above south, inside the picture', () => {
    const { html } = pointsMap(
      [
        { id: 'west', lon: -105, lat: 40 },
        { id: 'east', lon: -104, lat: 40 },
        { id: 'north', lon: -104.5, lat: 40.5 },
      ],
      'a test page',
    );
    const at = Object.fromEntries(circles(html).map((c) => [c.id, c]));
    expect(at.west.x).toBeLessThan(at.east.x);
    expect(at.north.y).toBeLessThan(at.west.y);
    for (const c of Object.values(at)) {
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.x).toBeLessThanOrEqual(600);
      expect(c.y).toBeGreaterThanOrEqual(0);
      expect(c.y).toBeLessThanOrEqual(360);
    }
    expect(html).toContain('<title id="map-title">Map of a test page</title>');
    expect(html).toContain('3 features at 3 places');
  });

  it('centres a single place and escapes the ids', () => {
    const { html } = pointsMap([{ id: '<x>', lon: -104.5, lat: 40 }], 'one');
    expect(circles(html)).toEqual([{ id: '&lt;x&gt;', x: 300, y: 180 }]);
  });

  it('says there is no map when no feature has a position', () => {
    expect(pointsMap([], 'none').html).toContain('no map');
  });
});
