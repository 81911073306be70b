import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import opentype from 'opentype.js';
import { encodeGlyphRange, type SdfGlyph } from './glyph-pbf';
import { GLYPH_SIZE, sdfGlyph } from './glyph-sdf';

/**
 * Glyph ranges for offline labels, generated from the Open Sans WOFF files that ship in the
 * @fontsource/open-sans npm package (SIL OFL). Each unicode subset is its own file, so a
 * code point is drawn from the first subset font that has it. Ranges are built on first
 * request and kept in memory (a range is ~20-60 kB; a map needs a handful).
 */

const SUBSETS = ['latin', 'latin-ext', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'];
const WEIGHTS: Record<string, number> = { regular: 400, bold: 700 };

/** Font stacks our styles use; any other requested stack is answered with the regular face. */
export const OFFLINE_FONT_REGULAR = 'Open Sans Regular';
export const OFFLINE_FONT_BOLD = 'Open Sans Bold';

const require = createRequire(import.meta.url);
const fontCache = new Map<number, opentype.Font[]>();
const rangeCache = new Map<string, Buffer>();

function fontsFor(weight: number): opentype.Font[] {
  const cached = fontCache.get(weight);
  if (cached) return cached;
  const dir = path.join(path.dirname(require.resolve('@fontsource/open-sans/package.json')), 'files');
  const fonts = SUBSETS.map((s) => path.join(dir, `open-sans-${s}-${weight}-normal.woff`))
    .filter((f) => fs.existsSync(f))
    .map((f) => {
      const b = fs.readFileSync(f);
      return opentype.parse(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
    });
  if (fonts.length === 0) throw new Error('The @fontsource/open-sans package has no WOFF files: reinstall it');
  fontCache.set(weight, fonts);
  return fonts;
}

/** Which face a requested font stack ("Open Sans Bold,Arial Unicode MS Bold") gets. */
export function weightForFontstack(fontstack: string): number {
  const first = fontstack.split(',')[0].trim().toLowerCase();
  return /\bbold\b/.test(first) ? WEIGHTS.bold : WEIGHTS.regular;
}

function buildRange(fontstack: string, start: number, end: number): Buffer {
  const fonts = fontsFor(weightForFontstack(fontstack));
  const glyphs: SdfGlyph[] = [];
  for (let cp = start; cp <= end; cp++) {
    // Surrogates are not characters; control characters have no drawing.
    if ((cp >= 0xd800 && cp <= 0xdfff) || cp < 0x20) continue;
    const ch = String.fromCodePoint(cp);
    const font = fonts.find((f) => f.charToGlyphIndex(ch) > 0);
    if (!font) continue;
    const glyph = font.charToGlyph(ch);
    const scale = GLYPH_SIZE / font.unitsPerEm;
    const commands = glyph.getPath(0, 0, GLYPH_SIZE).commands;
    glyphs.push(sdfGlyph(cp, commands, (glyph.advanceWidth ?? 0) * scale, font.ascender * scale));
  }
  return encodeGlyphRange(fontstack, start, end, glyphs);
}

/** The protobuf for one 256-code-point range of a font stack (cached). */
export function glyphRange(fontstack: string, start: number): Buffer {
  const end = start + 255;
  const key = `${fontstack}\u0000${start}`;
  let pbf = rangeCache.get(key);
  if (!pbf) {
    pbf = buildRange(fontstack, start, end);
    // Font stack names are client-chosen: bound the cache so odd names cannot grow it forever.
    if (rangeCache.size > 500) rangeCache.delete(rangeCache.keys().next().value!);
    rangeCache.set(key, pbf);
  }
  return pbf;
}
