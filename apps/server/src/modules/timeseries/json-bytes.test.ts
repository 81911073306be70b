import { describe, expect, it } from 'vitest';
import { isoInstantWriter, JsonBytes } from './json-bytes';

const written = (fill: (out: JsonBytes) => void): string => {
  const out = new JsonBytes(4);
  fill(out);
  return new TextDecoder().decode(out.finish());
};

describe('isoInstantWriter', () => {
  it('writes every instant exactly as Date.prototype.toISOString does', () => {
    const instants = [
      0,
      -0.5,
      0.999,
      -1,
      -86_400_000 * 3 - 900_000 * 7 + 0.25,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2025, 0, 1, 7, 0, 0, 123) + 0.75,
      Date.UTC(2026, 2, 8, 9, 0, 0),
      Date.UTC(1969, 11, 31, 23, 59, 59, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10_000, 0, 1),
      Date.UTC(-1, 5, 15, 12, 30),
    ];
    const expected = instants.map((ms) => new Date(ms).toISOString()).join(' ');
    expect(
      written((out) => {
        const writeInstant = isoInstantWriter(out);
        instants.forEach((ms, i) => {
          if (i > 0) out.ascii(' ');
          writeInstant(ms);
        });
      }),
    ).toBe(expected);
  });

  it('a year of 15-minute instants matches toISOString too', () => {
    const start = Date.UTC(2025, 0, 1, 7);
    const instants = Array.from({ length: 35_040 }, (_, i) => start + i * 900_000);
    expect(
      written((out) => {
        const writeInstant = isoInstantWriter(out);
        for (const ms of instants) writeInstant(ms);
      }),
    ).toBe(instants.map((ms) => new Date(ms).toISOString()).join(''));
  });
});

describe('JsonBytes', () => {
  it('grows past its first size and keeps UTF-8 pieces whole', () => {
    const piece = JsonBytes.utf8('"Ünter ³ 😀"');
    const text = written((out) => {
      for (let i = 0; i < 200; i++) {
        out.bytes(piece);
        out.ascii(String(i / 7));
      }
    });
    expect(text).toBe(Array.from({ length: 200 }, (_, i) => `"Ünter ³ 😀"${i / 7}`).join(''));
  });
});
