import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { applyMask, readAlphaMask } from './camera-mask';

const png = (width: number, height: number, channels: number, depth: 8 | 16, fill: (i: number) => number) => {
  const data = depth === 16 ? new Uint16Array(width * height * channels) : new Uint8Array(width * height * channels);
  for (let i = 0; i < data.length; i++) data[i] = fill(i);
  return Buffer.from(encodePng({ width, height, data, channels, depth }));
};

describe('camera privacy masks', () => {
  it('read opaque pixels from 8-bit RGBA, grey+alpha and 16-bit masks', () => {
    // Only the second pixel's alpha is set in each.
    expect([
      ...readAlphaMask(
        png(2, 1, 4, 8, (i) => (i === 7 ? 255 : 0)),
        'a.png',
      ).opaque,
    ]).toEqual([0, 1]);
    expect([
      ...readAlphaMask(
        png(2, 1, 2, 8, (i) => (i === 3 ? 200 : 0)),
        'b.png',
      ).opaque,
    ]).toEqual([0, 1]);
    expect([
      ...readAlphaMask(
        png(2, 1, 4, 16, (i) => (i === 7 ? 65535 : i === 3 ? 1000 : 0)),
        'c.png',
      ).opaque,
    ]).toEqual([0, 1]);
  });

  it('refuse masks without transparency and files that are not PNGs, as a 502 (the camera setup is wrong)', () => {
    for (const bytes of [png(2, 2, 3, 8, () => 0), Buffer.from('not a png at all, just text')]) {
      const error = (() => {
        try {
          readAlphaMask(bytes, 'bad.png');
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(502);
    }
  });

  it('stretch the mask over the snapshot and paint only its opaque part black', () => {
    const width = 40;
    const height = 20;
    const snapshot = {
      bytes: Buffer.from(jpeg.encode({ width, height, data: Buffer.alloc(width * height * 4, 220) }, 95).data),
      contentType: 'image/jpeg' as const,
    };
    // A 2x1 mask: right half opaque.
    const masked = applyMask(snapshot, { width: 2, height: 1, opaque: Uint8Array.from([0, 1]) });
    const out = jpeg.decode(masked.bytes, { formatAsRGBA: true });
    const at = (x: number, y: number) => out.data[(y * width + x) * 4];
    expect(at(5, 10)).toBeGreaterThan(200);
    expect(at(35, 10)).toBeLessThan(20);
  });

  it('refuse to mask a snapshot it cannot decode rather than pass it on unmasked', () => {
    expect(() =>
      applyMask({ bytes: Buffer.from('GIF89a'), contentType: 'image/gif' }, { width: 1, height: 1, opaque: Uint8Array.from([1]) }),
    ).toThrow(/only be applied to JPEG/);
  });
});
