import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cachedBody, matchesEtag, pickEncoding } from './cached-body';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('GZIP')).toBe('gzip');
  });
});

describe('matchesEtag', () => {
  it('matches the tag in a list, in its weak form and for *', () => {
    expect(matchesEtag(undefined, '"a"')).toBe(false);
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
  });
});

describe('cachedBody', () => {
  it('keeps the text with gzip and brotli copies of it and an ETag of the content', async () => {
    const json = JSON.stringify({ features: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Location ${i}` })) });
    const body = await cachedBody(json);
    expect(body.raw.toString()).toBe(json);
    expect(gunzipSync(await body.gzip).toString()).toBe(json);
    expect(brotliDecompressSync(await body.br).toString()).toBe(json);
    expect((await body.gzip).length).toBeLessThan(body.raw.length);
    expect((await cachedBody(json)).etag).toBe(body.etag);
    expect((await cachedBody(`${json} `)).etag).not.toBe(body.etag);
  });
});
