import { Readable } from 'node:stream';
import type pg from 'pg';

/** Backend message codes a COPY TO STDOUT reply holds (PostgreSQL's frontend/backend protocol). */
const COPY_DATA = 0x64; // 'd'
const COPY_DONE = 0x63; // 'c'
const ERROR_RESPONSE = 0x45; // 'E'
/** A message's code (one byte) and its length (four bytes, counting themselves). */
const HEADER = 5;

/**
 * `COPY ... TO STDOUT` as a stream of PostgreSQL's bytes, for pg's `client.query`. The reply is one
 * CopyData message per line; each socket chunk is passed on as one buffer with the messages' five
 * header bytes taken out in place (one copyWithin per line, no buffer per line). Other messages
 * inside the COPY (notices, parameter status) are skipped. At CopyDone the stream ends and the rest
 * of the reply goes back to pg (CommandComplete, ReadyForQuery); an ErrorResponse goes to pg too,
 * which fails this stream through handleError.
 */
export class CopyOutStream extends Readable implements pg.Submittable {
  private connection: pg.Connection | null = null;
  private pgDataHandler: ((chunk: Buffer) => void) | null = null;
  /** Bytes of a message header split over two chunks. */
  private partialHeader: Buffer | null = null;
  /** Bytes of the current message still to come in later chunks. */
  private unread = 0;
  /** Whether those bytes are CopyData (passed on) or another message (skipped). */
  private unreadIsData = false;
  private wanted = false;
  private forwarding = false;
  private readonly onReadable = () => this.forward();

  constructor(private readonly text: string) {
    super();
  }

  submit(connection: pg.Connection): void {
    this.connection = connection;
    const stream = connection.stream;
    const handlers = stream.listeners('data') as ((chunk: Buffer) => void)[];
    if (handlers.length !== 1) throw new Error('CopyOutStream: expected pg to be the one reader of the connection');
    this.pgDataHandler = handlers[0];
    stream.removeListener('data', this.pgDataHandler);
    stream.pause();
    stream.on('readable', this.onReadable);
    connection.query(this.text);
  }

  override _read(): void {
    this.wanted = true;
    this.forward();
  }

  private forward(): void {
    if (this.forwarding || !this.wanted || !this.connection) return;
    this.forwarding = true;
    let chunk: Buffer | null;
    while (this.wanted && this.connection && (chunk = this.connection.stream.read() as Buffer | null) !== null) this.parse(chunk);
    this.forwarding = false;
  }

  /** Passes on the CopyData bytes of `chunk`, compacted at its start; stops at CopyDone or an error. */
  private parse(input: Buffer): void {
    let chunk = input;
    if (this.partialHeader) {
      chunk = Buffer.concat([this.partialHeader, chunk]);
      this.partialHeader = null;
    }
    const end = chunk.length;
    let at = 0;
    let out = 0;
    let stop: 'done' | 'error' | null = null;
    while (at < end) {
      if (this.unread > 0) {
        const n = Math.min(this.unread, end - at);
        if (this.unreadIsData) {
          if (out !== at) chunk.copyWithin(out, at, at + n);
          out += n;
        }
        at += n;
        this.unread -= n;
        continue;
      }
      if (end - at < HEADER) {
        this.partialHeader = Buffer.from(chunk.subarray(at));
        at = end;
        break;
      }
      const code = chunk[at];
      if (code === ERROR_RESPONSE) {
        stop = 'error';
        break;
      }
      const length = chunk.readUInt32BE(at + 1) - 4;
      at += HEADER;
      if (code === COPY_DONE) {
        at += length;
        stop = 'done';
        break;
      }
      this.unread = length;
      this.unreadIsData = code === COPY_DATA;
    }
    if (out > 0) this.wanted = this.push(chunk.subarray(0, out));
    if (stop) {
      this.detach(chunk.subarray(at));
      if (stop === 'done') this.push(null);
    }
  }

  /** Gives the connection back to pg with the reply's remaining bytes. */
  private detach(rest: Buffer): void {
    const connection = this.connection;
    const handler = this.pgDataHandler;
    if (!connection || !handler) return;
    this.connection = null;
    this.pgDataHandler = null;
    const stream = connection.stream;
    stream.removeListener('readable', this.onReadable);
    stream.on('data', handler);
    if (rest.length > 0) handler(rest);
    // pg's handler may pause the socket; it is resumed once that handler has returned.
    process.nextTick(() => stream.resume());
  }

  /** pg: the COPY failed (an ErrorResponse, handed back to pg by detach). */
  handleError(err: Error): void {
    this.destroy(err);
  }

  handleCommandComplete(): void {}

  handleReadyForQuery(): void {}
}
