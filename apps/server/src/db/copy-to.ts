import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely, RawBuilder } from 'kysely';
import pg from 'pg';
import { pgClientOf } from './copy-from';
import { CopyOutStream } from './copy-out-stream';

/** pg's own conversion of a parameter to the text it sends (a Date in local time with its offset, an array as an array literal). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown };

/** The bytes a COPY's body is written in at once (the last write may be shorter). */
const WRITE_BYTES = 64 * 1024;

/** What copyCsvOut read before the COPY, and the CSV: `head`, then the rows as COPY writes them. */
export interface CopyOut<T> {
  value: T;
  body: Readable;
}

export interface CopyPlan<T> {
  value: T;
  /**
   * The rows and columns to write: a select, its parameters written in as literals (COPY takes none),
   * or several, copied one after the other into the one body.
   */
  select: RawBuilder<unknown> | readonly RawBuilder<unknown>[];
  /** Text sent before COPY's (a header line). */
  head?: string;
}

/**
 * `COPY (select) TO STDOUT WITH (FORMAT csv)` as a stream: PostgreSQL writes the CSV (quoting a
 * cell that holds a comma, a quote or a line break; null as an empty cell; lines end in LF) and
 * Node only passes its chunks on. `plan` runs first on the same connection, in one read-only
 * REPEATABLE READ transaction with the COPY, so what it reads (a page's next cursor) and the rows
 * written come from the same snapshot. Resolves once the COPY is sent, with `plan`'s value and the
 * body; a failure before that rejects (an error answer can still be sent).
 *
 * The connection is held until the COPY has ended and the transaction is committed. When the
 * reader goes away or the COPY fails midway, the body is destroyed (the client sees a broken
 * answer, never a short one) and the connection is closed: a COPY still sending cannot be stopped
 * on its connection, so PostgreSQL ends it when the connection goes, and the pool drops it.
 */
export function copyCsvOut<DB, T>(db: Kysely<DB>, plan: (trx: Kysely<DB>) => Promise<CopyPlan<T>>): Promise<CopyOut<T>> {
  return new Promise((resolve, reject) => {
    let handedOut = false;
    db.transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const client = await pgClientOf(trx, 'copyCsvOut');
        const { value, select, head } = await plan(trx);
        const selects = Array.isArray(select) ? select : [select as RawBuilder<unknown>];
        const copies = selects.map((s) => `copy (${withLiterals(s.compile(trx))}) to stdout with (format csv)`);
        const body = new PassThrough();
        if (head) body.write(head);
        handedOut = true;
        resolve({ value, body });
        // The COPYs one after the other, each sent once the one before has ended. PostgreSQL's
        // bytes come a socket read (about 8 KB) at a time; they go on in writes of WRITE_BYTES.
        async function* copied(): AsyncGenerator<Buffer> {
          let held: Buffer[] = [];
          let size = 0;
          for (const text of copies) {
            const copy = client.query(new CopyOutStream(text));
            // An error after the body was given up (the connection closed below) has no one left to tell.
            copy.on('error', () => {});
            for await (const chunk of copy as AsyncIterable<Buffer>) {
              held.push(chunk);
              size += chunk.length;
              if (size >= WRITE_BYTES) {
                yield Buffer.concat(held, size);
                held = [];
                size = 0;
              }
            }
          }
          if (size > 0) yield Buffer.concat(held, size);
        }
        try {
          await pipeline(copied, body);
        } catch (err) {
          client.connection.stream.destroy();
          throw err;
        }
      })
      .catch((err: unknown) => {
        if (!handedOut) reject(err instanceof Error ? err : new Error(String(err)));
      });
  });
}

/**
 * A compiled statement's text with its parameters written in as literals, for COPY, which takes
 * no parameters. Each `$n` outside quoted text, quoted names and comments becomes the text pg would
 * have sent for it, quoted by pg's escapeLiteral: an untyped literal, as the parameter was, so
 * PostgreSQL gives it the same type.
 */
export function withLiterals(q: { sql: string; parameters: readonly unknown[] }): string {
  const s = q.sql;
  let out = '';
  let i = 0;
  const skipTo = (end: number) => {
    out += s.slice(i, end);
    i = end;
  };
  while (i < s.length) {
    const ch = s[i];
    const before = i > 0 ? s[i - 1] : '';
    if (ch === "'") {
      // E'...' takes backslash escapes; '...' only doubled quotes (standard_conforming_strings).
      const escapes = (before === 'E' || before === 'e') && !/[\w$]/.test(i > 1 ? s[i - 2] : '');
      let j = i + 1;
      while (j < s.length && !(s[j] === "'" && s[j + 1] !== "'")) j += (escapes && s[j] === '\\') || s[j] === "'" ? 2 : 1;
      skipTo(closed(j, 1));
    } else if (ch === '"') {
      let j = i + 1;
      while (j < s.length && !(s[j] === '"' && s[j + 1] !== '"')) j += s[j] === '"' ? 2 : 1;
      skipTo(closed(j, 1));
    } else if (ch === '-' && s[i + 1] === '-') {
      const j = s.indexOf('\n', i);
      skipTo(j === -1 ? s.length : j + 1);
    } else if (ch === '/' && s[i + 1] === '*') {
      let depth = 0;
      let j = i;
      do {
        if (s.startsWith('/*', j)) {
          depth++;
          j += 2;
        } else if (s.startsWith('*/', j)) {
          depth--;
          j += 2;
        } else j++;
      } while (depth > 0 && j < s.length);
      if (depth > 0) throw new Error('withLiterals: an unclosed comment');
      skipTo(j);
    } else if (ch === '$' && !/[\w$]/.test(before)) {
      const parameter = /^\$(\d+)/.exec(s.slice(i, i + 12));
      const dollarTag = parameter ? null : /^\$([A-Za-z_][A-Za-z_0-9]*)?\$/.exec(s.slice(i, i + 64));
      if (parameter) {
        const n = Number(parameter[1]);
        if (n < 1 || n > q.parameters.length) throw new Error(`withLiterals: no parameter $${n}`);
        out += literal(q.parameters[n - 1]);
        i += parameter[0].length;
      } else if (dollarTag) {
        const end = s.indexOf(dollarTag[0], i + dollarTag[0].length);
        skipTo(closed(end, dollarTag[0].length));
      } else skipTo(i + 1);
    } else skipTo(i + 1);
  }
  return out;

  function closed(at: number, length: number): number {
    if (at === -1 || at >= s.length) throw new Error('withLiterals: unclosed quoted text');
    return at + length;
  }
}

function literal(value: unknown): string {
  const text = prepareValue(value);
  if (text === null) return 'null';
  if (typeof text !== 'string') throw new Error('withLiterals: a parameter that is not text (binary data)');
  return pg.escapeLiteral(text);
}
