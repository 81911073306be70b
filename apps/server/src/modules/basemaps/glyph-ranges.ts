import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import opentype from 'opentype.js';
import { encodeGlyphFields, encodeGlyphRange, type SdfGlyph } from './glyph-pbf';
import { GLYPH_SIZE, sdfGlyph } from './glyph-sdf';
import { cpuPool } from '../../cpu-pool/cpu-pool';
import { cpuTask } from '../../cpu-pool/cpu-task';

/**
 * Glyph ranges for offline labels, generated from the Open Sans WOFF files that ship in the
 * @fontsource/open-sans npm package (SIL OFL). Each unicode subset is its own file, so a
 * code point is drawn from the first subset font that has it. Glyphs depend only on the face
 * (regular or bold) and the range, so each of those is built once (~0.5 s, in the CPU worker) and kept in memory;
 * the client-chosen font stack name only changes the small wrapper, so odd names cost nothing.
 */

const SUBSETS = ['latin', 'latin-ext', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'];
const WEIGHTS: Record<string, number> = { regular: 400, bold: 700 };

/** Font stacks our styles use; any other requested stack is answered with the regular face. */
export const OFFLINE_FONT_REGULAR = 'Open Sans Regular';
export const OFFLINE_FONT_BOLD = 'Open Sans Bold';

const require = createRequire(import.meta.url);
const fontCache = new Map<number, opentype.Font[]>();
const rangeCache = new Map<string, Promise<Uint8Array>>();

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

function buildGlyphs(weight: number, start: number, end: number): Uint8Array {
  const fonts = fontsFor(weight);
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
  return encodeGlyphFields(glyphs);
}

/** The glyphs of one face and 256-code-point range, encoded (runs in the CPU worker thread). */
export function glyphFields(weight: number, start: number): Uint8Array {
  return buildGlyphs(weight, start, start + 255);
}
const glyphFieldsTask = cpuTask(import.meta.url, { glyphFields });

/**
 * The protobuf for one 256-code-point range of a font stack. The glyphs are built once per face
 * and range in the CPU worker thread (about 0.5 s each, which would stall every other request on
 * the event loop); concurrent requests for the same range share that one build.
 */
export async function glyphRange(fontstack: string, start: number): Promise<Buffer> {
  const weight = weightForFontstack(fontstack);
  const key = `${weight}:${start}`;
  let fields = rangeCache.get(key);
  if (!fields) {
    fields = cpuPool.run(glyphFieldsTask, [weight, start]);
    rangeCache.set(key, fields);
    fields.catch(() => rangeCache.delete(key));
  }
  return encodeGlyphRange(fontstack, start, start + 255, await fields);
}

/** Builds the ranges every map label needs (Basic Latin and Latin-1, both faces) ahead of the first map. */
export async function warmGlyphRanges(): Promise<void> {
  await Promise.all([OFFLINE_FONT_REGULAR, OFFLINE_FONT_BOLD].map((stack) => glyphRange(stack, 0)));
}
