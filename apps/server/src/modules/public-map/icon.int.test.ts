import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_SYMBOL_SHAPES, iconUrl } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(async () => h?.close());

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ url, headers });

describe('GET /api/icon/icon', () => {
  it('draws every map symbol shape as cacheable SVG in the requested colours and size', async () => {
    const bodies = new Set<string>();
    for (const shape of MAP_SYMBOL_SHAPES) {
      const res = await get(iconUrl({ shape, color: '#33A02C', strokeColor: '#263238', strokeWidth: 2, width: 20, height: 16 }));
      expect(res.statusCode, shape).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="20" height="16" viewBox="0 0 20 16">/);
      expect(res.body).toContain('fill="#33A02C"');
      expect(res.body).toContain('stroke="#263238" stroke-width="2"');
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(MAP_SYMBOL_SHAPES.length);
  });

  it('answers 304 to a matching If-None-Match and uses defaults for omitted parameters', async () => {
    const first = await get('/api/icon/icon?shape=star');
    expect(first.body).toContain('width="24" height="24"');
    expect(first.body).toContain('fill="#1F78B4"');
    const again = await get('/api/icon/icon?shape=star', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('rejects bad parameters with a readable 400', async () => {
    const cases: [string, RegExp][] = [
      ['shape=hexagon', /shape must be one of circle, square, triangle, diamond, star/],
      ['color=red', /color must be a colour like #1F78B4/],
      ['color=%23GG0000', /color must be a colour/],
      ['strokeColor=%23FFF', /strokeColor must be a colour/],
      ['width=0', /width must be at least 1/],
      ['width=100000', /width must be at most 256/],
      ['height=abc', /height must be a number/],
      ['width=12.5', /width must be a whole number/],
      ['strokeWidth=-1', /strokeWidth must be at least 0/],
      ['strokeWidth=99', /strokeWidth must be at most 16/],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/icon/icon?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBe('Bad Request');
      expect(res.json().message, query).toMatch(message);
    }
  });
});
