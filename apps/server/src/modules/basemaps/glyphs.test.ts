import { PbfReader } from 'pbf';
import { beforeAll, describe, expect, it } from 'vitest';
import { glyphRange, weightForFontstack } from './glyph-ranges';

interface Glyph {
  id: number;
  bitmap?: Uint8Array;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

/** Decodes glyphs.proto with the pbf package (independent of our encoder). */
function decode(buf: Buffer): { name: string; range: string; glyphs: Glyph[] }[] {
  const stacks: { name: string; range: string; glyphs: Glyph[] }[] = [];
  new PbfReader(buf).readFields((tag, _unused, pbf) => {
    if (tag !== 1) return;
    const stack = { name: '', range: '', glyphs: [] as Glyph[] };
    pbf.readMessage((t, s, p) => {
      if (t === 1) s.name = p.readString();
      else if (t === 2) s.range = p.readString();
      else if (t === 3) {
        const g: Glyph = { id: 0, width: 0, height: 0, left: 0, top: 0, advance: 0 };
        p.readMessage((gt, gg, gp) => {
          if (gt === 1) gg.id = gp.readVarint();
          else if (gt === 2) gg.bitmap = gp.readBytes();
          else if (gt === 3) gg.width = gp.readVarint();
          else if (gt === 4) gg.height = gp.readVarint();
          else if (gt === 5) gg.left = gp.readSVarint();
          else if (gt === 6) gg.top = gp.readSVarint();
          else if (gt === 7) gg.advance = gp.readVarint();
        }, g);
        s.glyphs.push(g);
      }
    }, stack);
    stacks.push(stack);
  }, null);
  return stacks;
}

describe('offline glyph ranges', () => {
  // Built in the CPU worker thread, as the server does.
  let stacks: ReturnType<typeof decode>;
  let glyphs: Map<number, ReturnType<typeof decode>[number]['glyphs'][number]>;
  beforeAll(async () => {
    stacks = decode(await glyphRange('Open Sans Regular', 0));
    glyphs = new Map(stacks[0].glyphs.map((g) => [g.id, g]));
  });

  it('encodes one font stack with the requested name and range', () => {
    expect(stacks).toHaveLength(1);
    expect(stacks[0]).toMatchObject({ name: 'Open Sans Regular', range: '0-255' });
  });

  it('has a glyph with an SDF bitmap for every letter A-Z and a-z', () => {
    for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz') {
      const g = glyphs.get(ch.charCodeAt(0));
      expect(g, ch).toBeDefined();
      expect(g!.bitmap!.length, ch).toBe((g!.width + 6) * (g!.height + 6));
      expect(g!.advance, ch).toBeGreaterThan(3);
    }
    // A space advances the pen but draws nothing.
    expect(glyphs.get(32)).toMatchObject({ width: 0, height: 0 });
    expect(glyphs.get(32)!.advance).toBeGreaterThan(0);
  });

  it('draws the letter as a distance field: inside above the 191 edge, border fading to 0', () => {
    const l = glyphs.get('l'.charCodeAt(0))!;
    const w = l.width + 6;
    const row = Math.floor((l.height + 6) / 2);
    const values = Array.from(l.bitmap!.subarray(row * w, row * w + w));
    expect(Math.max(...values)).toBeGreaterThan(191);
    expect(values[0]).toBeLessThan(150);
    expect(values[w - 1]).toBeLessThan(150);
    // 'x' is shorter than 'l' and 'W' wider than 'i' at the same size.
    expect(glyphs.get('x'.charCodeAt(0))!.height).toBeLessThan(l.height);
    expect(glyphs.get('W'.charCodeAt(0))!.advance).toBeGreaterThan(glyphs.get('i'.charCodeAt(0))!.advance);
  });

  it('answers any font stack name with the regular face under that name', async () => {
    const other = decode(await glyphRange('Noto Sans Regular,Arial Unicode MS Regular', 0))[0];
    expect(other.name).toBe('Noto Sans Regular,Arial Unicode MS Regular');
    expect(other.glyphs).toEqual(stacks[0].glyphs);
  });

  it('serves accented Latin from the extended subset and picks bold faces by name', async () => {
    const ext = decode(await glyphRange('Open Sans Regular', 256))[0];
    expect(ext.glyphs.some((g) => g.id === 0x0141)).toBe(true); // Ł
    expect(weightForFontstack('Open Sans Bold,Arial Unicode MS Bold')).toBe(700);
    expect(weightForFontstack('Noto Sans Regular')).toBe(400);
  });
});
