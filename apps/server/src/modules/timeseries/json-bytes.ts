/**
 * JSON text written straight into a growing byte buffer: no string per row, no final encode.
 * Callers pass ASCII-only text to `ascii` (numbers, ISO instants, keys they wrote) and anything
 * else to `utf8`, once, to reuse the bytes it returns.
 */
export class JsonBytes {
  private buf: Uint8Array;
  private pos = 0;

  constructor(sizeHint: number) {
    this.buf = new Uint8Array(Math.max(1024, sizeHint));
  }

  /** Bytes of `text` as UTF-8, for pieces written many times. */
  static utf8(text: string): Uint8Array {
    return new TextEncoder().encode(text);
  }

  private reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  /** Text whose every character is ASCII, one byte each. */
  ascii(text: string): void {
    const n = text.length;
    this.reserve(n);
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < n; i++) buf[pos++] = text.charCodeAt(i);
    this.pos = pos;
  }

  bytes(piece: Uint8Array): void {
    const n = piece.length;
    this.reserve(n);
    const buf = this.buf;
    const pos = this.pos;
    if (n > 32) buf.set(piece, pos);
    else for (let i = 0; i < n; i++) buf[pos + i] = piece[i];
    this.pos = pos + n;
  }

  /** Two ASCII digits of 0..99. */
  digits2(n: number): void {
    this.reserve(2);
    this.buf[this.pos++] = 48 + ((n / 10) | 0);
    this.buf[this.pos++] = 48 + (n % 10);
  }

  /** Three ASCII digits of 0..999. */
  digits3(n: number): void {
    this.reserve(3);
    this.buf[this.pos++] = 48 + ((n / 100) | 0);
    this.buf[this.pos++] = 48 + (((n / 10) | 0) % 10);
    this.buf[this.pos++] = 48 + (n % 10);
  }

  /** The bytes written, in a buffer of their own (so it can be handed to another thread without a copy). */
  finish(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}

const DAY_MS = 86_400_000;

/**
 * Writes instants as `Date.prototype.toISOString` does ('2025-01-01T07:00:00.000Z'), formatting
 * the date part once per UTC day: a year of 15-minute readings has 365 dates and 35,040 instants.
 */
export function isoInstantWriter(out: JsonBytes): (ms: number) => void {
  let day = NaN;
  let datePart: Uint8Array = new Uint8Array(0);
  return (instant) => {
    const ms = Math.trunc(instant); // as Date does: whole milliseconds, toward zero
    const d = Math.floor(ms / DAY_MS);
    if (d !== day) {
      day = d;
      const iso = new Date(d * DAY_MS).toISOString();
      datePart = JsonBytes.utf8(iso.slice(0, iso.indexOf('T') + 1));
    }
    let rest = ms - d * DAY_MS;
    const h = (rest / 3_600_000) | 0;
    rest -= h * 3_600_000;
    const m = (rest / 60_000) | 0;
    rest -= m * 60_000;
    const s = (rest / 1000) | 0;
    out.bytes(datePart);
    out.digits2(h);
    out.ascii(':');
    out.digits2(m);
    out.ascii(':');
    out.digits2(s);
    out.ascii('.');
    out.digits3(rest - s * 1000);
    out.ascii('Z');
  };
}
