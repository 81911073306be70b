import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * A finished response kept in memory: the bytes, the same bytes gzip- and brotli-compressed
 * once, and an ETag of the content. Serving one copies nothing and compresses nothing, which is
 * what lets the map feeds take thousands of requests a second (decision 0022). The compressed
 * copies are made right after the body is built, off the build's path: the body is servable at
 * once, and a client asking for an encoding in the few milliseconds before its copy is ready
 * waits for that one shared compression.
 */
export interface CachedBody {
  type: string;
  raw: Buffer;
  gzip: Promise<Buffer>;
  br: Promise<Buffer>;
  etag: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Started at once, awaited by whoever sends it; a failure surfaces there, never as an unhandled rejection. */
function started(compression: Promise<Buffer>): Promise<Buffer> {
  compression.catch(() => undefined);
  return compression;
}

/** Builds the cached forms of a text, JSON unless told (compressed on libuv's threads, in parallel). */
export async function cachedBody(text: string, type = JSON_TYPE): Promise<CachedBody> {
  const raw = Buffer.from(text);
  // Content-based, so a rebuild that changed nothing keeps the ETag and clients their copies.
  const etag = `"${createHash('sha1').update(raw).digest('base64url')}"`;
  return {
    type,
    raw,
    etag,
    gzip: started(gzip(raw, { level: 6 })),
    // Quality 5: within a few per cent of the best size at a small part of the time of 11.
    br: started(brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })),
  };
}

export type StoredEncoding = 'br' | 'gzip' | null;

/** The best stored encoding an Accept-Encoding header allows (q=0 refuses one); null = send as is. */
export function pickEncoding(acceptEncoding: string | undefined): StoredEncoding {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const allowed = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return null;
}

/** Whether If-None-Match names this ETag (a list, weak forms and * included). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a cached body: 304 when the client holds this version, else the stored encoding it
 * accepts. Setting Content-Encoding here makes @fastify/compress leave the body alone.
 */
export async function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  cacheControl: string,
  vary = 'Accept-Encoding, Authorization',
): Promise<FastifyReply> {
  reply.header('etag', body.etag).header('cache-control', cacheControl).header('vary', vary);
  if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.status(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.type(body.type);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(await body.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await body.gzip);
  return reply.send(body.raw);
}
