import { PassThrough } from 'node:stream';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CopyOutStream } from './copy-out-stream';

/** One backend message: its code, its length (counting itself) and its payload. */
function message(code: string, payload: string | Buffer = ''): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const head = Buffer.alloc(5);
  head.write(code, 0, 'latin1');
  head.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** A pg connection whose socket is fed `chunks`; what pg's own reader is handed back is collected. */
async function copyOut(chunks: Buffer[], readSlowly = false) {
  const socket = new PassThrough();
  const backToPg: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => backToPg.push(chunk));
  const sent: string[] = [];
  const connection = { stream: socket, query: (text: string) => sent.push(text) } as unknown as pg.Connection;
  const copy = new CopyOutStream('copy (select 1) to stdout');
  copy.submit(connection);
  const out: Buffer[] = [];
  const read = (async () => {
    for await (const chunk of copy as AsyncIterable<Buffer>) {
      out.push(Buffer.from(chunk));
      if (readSlowly) await new Promise((r) => setImmediate(r));
    }
  })();
  // One chunk at a time, each read before the next is written (the socket hands out all it holds at once).
  for (const chunk of chunks) {
    socket.write(chunk);
    await new Promise((r) => setImmediate(r));
  }
  await read;
  await new Promise((r) => setImmediate(r));
  return { sent, out: Buffer.concat(out).toString(), backToPg: Buffer.concat(backToPg).toString('latin1') };
}

const lines = ['1,a\n', '2,"b,c"\n', '', '3,' + 'x'.repeat(70_000) + '\n', 'é,ü\n'];
const reply = Buffer.concat([
  message('H', Buffer.from([0, 0, 2, 0, 0, 0, 0])),
  message('d', lines[0]),
  message('N', 'a notice'),
  message('d', lines[1]),
  message('d', lines[2]),
  message('S', 'setting\0value\0'),
  message('d', lines[3]),
  message('d', lines[4]),
  message('c'),
]);
const after = Buffer.concat([message('C', 'COPY 5\0'), message('Z', 'T')]);

describe('CopyOutStream (COPY TO STDOUT without a buffer per line)', () => {
  it('passes on the CopyData bytes only, and hands the rest of the reply back to pg', async () => {
    const { sent, out, backToPg } = await copyOut([Buffer.concat([reply, after])]);
    expect(sent).toEqual(['copy (select 1) to stdout']);
    expect(out).toBe(lines.join(''));
    expect(backToPg).toBe(after.toString('latin1'));
  });

  it('reads messages and headers split anywhere between socket chunks', async () => {
    const whole = Buffer.concat([reply, after]);
    for (const size of [1, 2, 3, 4, 5, 6, 7, 11, 64, 1000, 4096, 65_536]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < whole.length; at += size) chunks.push(Buffer.from(whole.subarray(at, at + size)));
      const { out, backToPg } = await copyOut(chunks, size === 64);
      expect(out, `chunks of ${size}`).toBe(lines.join(''));
      expect(backToPg, `chunks of ${size}`).toBe(after.toString('latin1'));
    }
  });

  it('hands an ErrorResponse back to pg, which fails the stream', async () => {
    const error = message('E', 'SERROR\0Mdivision by zero\0\0');
    const socket = new PassThrough();
    const backToPg: Buffer[] = [];
    const copy = new CopyOutStream('copy (select 1) to stdout');
    socket.on('data', (chunk: Buffer) => {
      backToPg.push(chunk);
      copy.handleError(new Error('division by zero'));
    });
    copy.submit({ stream: socket, query: () => {} } as unknown as pg.Connection);
    const read = (async () => {
      for await (const chunk of copy as AsyncIterable<Buffer>) expect(chunk.toString()).toBe('1\n');
    })();
    socket.write(Buffer.concat([message('H', Buffer.from([0, 0, 0])), message('d', '1\n'), error]));
    await expect(read).rejects.toThrow(/division by zero/);
    expect(Buffer.concat(backToPg).toString('latin1')).toBe(error.toString('latin1'));
  });
});
