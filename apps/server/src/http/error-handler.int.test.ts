import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db';
import { registerErrorHandler } from './error-handler';

/**
 * A streamed download (Query & Download's CSV) sets its file headers before the stream's first
 * read; when that read fails the answer must still be our JSON error, not a payload Fastify
 * refuses or a gzip-labelled plain body the browser cannot decode.
 */
describe('error handler after a download set its headers', () => {
  async function appWithFailingDownload() {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
    app.get('/file.csv', async (_request, reply) => {
      const failing = Readable.from(
        (async function* () {
          throw new Error('connection terminated');
          yield ''; // (never reached; makes this a generator)
        })(),
      );
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="x.csv"').send(failing);
    });
    return app;
  }

  it('answers a readable JSON 500 without the file headers', async () => {
    const app = await appWithFailingDownload();
    for (const encoding of ['identity', 'gzip']) {
      const res = await app.inject({ url: '/file.csv', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode, encoding).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
      expect(JSON.parse(body)).toEqual({ error: 'Internal Server Error', message: 'The server could not complete the request' });
    }
    await app.close();
  });
});

/**
 * A standby cancels a read that conflicts with the changes it replays (SQLSTATE 40001), and
 * PostgreSQL may end one side of a deadlock (40P01): the same request succeeds when sent again,
 * so the answer is 503 with Retry-After, not 500.
 */
describe('error handler for statements PostgreSQL cancelled to resolve a conflict', () => {
  it.each([
    ['40001', 'canceling statement due to conflict with recovery'],
    ['40P01', 'deadlock detected'],
  ])('answers %s as a readable 503 with Retry-After', async (code, text) => {
    const t = await createTestDatabase();
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/read', async () => {
      await sql`do $$ begin raise exception '${sql.raw(text)}' using errcode = '${sql.raw(code)}'; end $$`.execute(t.db);
      return { ok: true };
    });
    try {
      const res = await app.inject({ url: '/read' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({
        error: 'Service Unavailable',
        message: 'The database stopped this request to resolve a conflict with other work. Try again.',
      });
    } finally {
      await app.close();
      await t.drop();
    }
  });
});
