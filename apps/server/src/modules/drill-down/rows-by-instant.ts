import type { PackedSeries } from '../timeseries/index';

/**
 * The drill-down table's rows written straight from the texts PostgreSQL packs the series into
 * ('1,2,3': epoch ms and values), in one pass, into one byte buffer: no number array, no string
 * per row, no final encode. Each number is written as JavaScript's String(number) writes it, as if
 * the packed texts had been parsed as JSON (chart-points.ts unpackSeries).
 */

const COMMA = 0x2c;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

/** Longer than any float8 text PostgreSQL writes and any String(number): a row's bytes are bounded by it. */
const MAX_NUMBER_TEXT = 32;
/** The most digits a whole number may have to be summed digit by digit exactly in a double. */
const EXACT_DIGITS = 15;

/** One packed series read point by point: the current point's instant and where its two texts lie. */
class PackedCursor {
  /** The current point's instant in epoch ms; Infinity after the last point. */
  instant = Infinity;
  tStart = 0;
  tEnd = -1;
  vStart = 0;
  vEnd = -1;
  readonly t: Uint8Array;
  readonly v: Uint8Array;

  constructor(packed: PackedSeries | null) {
    // The texts are ASCII: one byte a character.
    this.t = Buffer.from(packed?.t ?? '', 'latin1');
    this.v = Buffer.from(packed?.v ?? '', 'latin1');
    this.advance();
  }

  /** Moves to the next point. */
  advance(): void {
    const { t, v } = this;
    const tStart = this.tEnd + 1;
    const vStart = this.vEnd + 1;
    this.tStart = tStart;
    this.vStart = vStart;
    if (tStart >= t.length || vStart >= v.length) {
      if (tStart < t.length || vStart < v.length)
        throw new Error('A packed series has more instants than values, or more values than instants');
      this.instant = Infinity;
      return;
    }
    let end = tStart;
    let whole = 0;
    let digitsOnly = true;
    for (; end < t.length; end++) {
      const c = t[end];
      if (c === COMMA) break;
      if (c >= ZERO && c <= NINE) whole = whole * 10 + (c - ZERO);
      else digitsOnly = false;
    }
    this.tEnd = end;
    this.instant = digitsOnly && end > tStart && end - tStart <= EXACT_DIGITS ? whole : jsonNumber(t, tStart, end);
    const comma = v.indexOf(COMMA, vStart);
    this.vEnd = comma < 0 ? v.length : comma;
  }
}

/** The number of a packed number's text, read as JSON reads it (so never NaN or Infinity). */
function jsonNumber(text: Uint8Array, start: number, end: number): number {
  const token = Buffer.from(text.buffer, text.byteOffset + start, end - start).toString('latin1');
  const n: unknown = JSON.parse(token);
  if (typeof n !== 'number') throw new Error(`A packed series holds "${token}", not a number`);
  return n;
}

/**
 * Writes a number PostgreSQL wrote (float8 text, shortest exact digits) at `pos` as String(number)
 * would, and returns the position after it. Plain decimals, which PostgreSQL writes from 1e-4 up
 * to 1e15, are the same text in both and are copied; an exponent ('1e+20', '5e-05') or negative
 * zero is rewritten.
 */
function writeNumber(out: Uint8Array, pos: number, text: Uint8Array, start: number, end: number): number {
  let at = pos;
  if (end > start && end - start <= MAX_NUMBER_TEXT) {
    for (let i = start; i < end; i++) {
      const c = text[i];
      if ((c < ZERO || c > NINE) && c !== DOT && c !== MINUS) break;
      out[at++] = c;
    }
    if (at - pos === end - start) {
      if (at - pos !== 2 || out[pos] !== MINUS || out[pos + 1] !== ZERO) return at;
      out[pos] = ZERO;
      return pos + 1;
    }
  }
  const js = String(jsonNumber(text, start, end));
  for (let i = 0; i < js.length; i++) out[pos + i] = js.charCodeAt(i);
  return pos + js.length;
}

/** `out`'s first `pos` bytes in a buffer with room for `more` after them. */
function grown(out: Uint8Array, pos: number, more: number): Uint8Array {
  const next = new Uint8Array(Math.max(out.length * 2, pos + more));
  next.set(out.subarray(0, pos));
  return next;
}

/**
 * `head`, then the rows `[t,v1,...,vn]` of the packed series (null for a series without rows) as a
 * JSON array, then `tail`: one row per instant of any series, oldest first, null where a series
 * has no value at t. Each series' points are in time order (a k-way merge).
 */
export function rowsByInstantBytes(head: Uint8Array, packed: ReadonlyArray<PackedSeries | null>, tail: Uint8Array): Uint8Array {
  const cursors = packed.map((p) => new PackedCursor(p));
  const rowBound = 3 + (cursors.length + 1) * (MAX_NUMBER_TEXT + 1);
  const packedLength = cursors.reduce((n, c) => n + c.t.length + c.v.length, 0);
  let out: Uint8Array = new Uint8Array(head.length + packedLength + rowBound + tail.length + 2);
  out.set(head);
  let pos = head.length;
  out[pos++] = OPEN;
  for (let first = true; ; first = false) {
    let t = Infinity;
    let from: PackedCursor | undefined;
    for (const cursor of cursors)
      if (cursor.instant < t) {
        t = cursor.instant;
        from = cursor;
      }
    if (from === undefined) break;
    if (pos + rowBound > out.length) out = grown(out, pos, rowBound);
    if (!first) out[pos++] = COMMA;
    out[pos++] = OPEN;
    pos = writeNumber(out, pos, from.t, from.tStart, from.tEnd);
    for (const cursor of cursors) {
      out[pos++] = COMMA;
      if (cursor.instant === t) {
        pos = writeNumber(out, pos, cursor.v, cursor.vStart, cursor.vEnd);
        cursor.advance();
      } else {
        out[pos++] = 0x6e; // null
        out[pos++] = 0x75;
        out[pos++] = 0x6c;
        out[pos++] = 0x6c;
      }
    }
    out[pos++] = CLOSE;
  }
  if (pos + 1 + tail.length > out.length) out = grown(out, pos, 1 + tail.length);
  out[pos++] = CLOSE;
  out.set(tail, pos);
  return out.slice(0, pos + tail.length);
}
