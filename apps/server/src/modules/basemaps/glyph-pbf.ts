/**
 * Encoder for MapLibre's glyph range protobuf (glyphs.proto of the Mapbox GL style spec):
 *   glyphs    { repeated fontstack stacks = 1; }
 *   fontstack { string name = 1; string range = 2; repeated glyph glyphs = 3; }
 *   glyph     { uint32 id = 1; bytes bitmap = 2; uint32 width = 3; uint32 height = 4;
 *               sint32 left = 5; sint32 top = 6; uint32 advance = 7; }
 * Written by hand: three message types do not justify a protobuf dependency.
 */

export interface SdfGlyph {
  id: number;
  /** (width + 6) x (height + 6) bytes: the SDF with its 3 px border; empty for blank glyphs. */
  bitmap: Uint8Array;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

class Writer {
  private chunks: number[] = [];

  varint(v: number): void {
    let n = v >>> 0;
    while (n > 0x7f) {
      this.chunks.push((n & 0x7f) | 0x80);
      n >>>= 7;
    }
    this.chunks.push(n);
  }
  tag(field: number, wireType: number): void {
    this.varint((field << 3) | wireType);
  }
  uint(field: number, v: number): void {
    this.tag(field, 0);
    this.varint(v);
  }
  sint(field: number, v: number): void {
    this.tag(field, 0);
    this.varint(((v << 1) ^ (v >> 31)) >>> 0);
  }
  bytes(field: number, b: Uint8Array): void {
    this.tag(field, 2);
    this.varint(b.length);
    this.raw(b);
  }
  raw(b: Uint8Array): void {
    for (const x of b) this.chunks.push(x);
  }
  string(field: number, s: string): void {
    this.bytes(field, new TextEncoder().encode(s));
  }
  finish(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}

function encodeGlyph(g: SdfGlyph): Uint8Array {
  const w = new Writer();
  w.uint(1, g.id);
  if (g.bitmap.length > 0) w.bytes(2, g.bitmap);
  w.uint(3, g.width);
  w.uint(4, g.height);
  w.sint(5, g.left);
  w.sint(6, g.top);
  w.uint(7, g.advance);
  return w.finish();
}

/** The repeated `glyphs` fields of a fontstack message, encoded once and reused for any stack name. */
export function encodeGlyphFields(glyphs: SdfGlyph[]): Uint8Array {
  const w = new Writer();
  for (const g of glyphs) w.bytes(3, encodeGlyph(g));
  return w.finish();
}

/** One glyph range as MapLibre requests it from `glyphs: .../{fontstack}/{range}.pbf`. */
export function encodeGlyphRange(fontstack: string, start: number, end: number, glyphFields: Uint8Array): Buffer {
  const stack = new Writer();
  stack.string(1, fontstack);
  stack.string(2, `${start}-${end}`);
  stack.raw(glyphFields);
  const root = new Writer();
  root.bytes(1, stack.finish());
  return Buffer.from(root.finish());
}
