import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';

/**
 * COPY ... FROM STDIN inside a Kysely transaction. Kysely does not hand out its pg client, so every
 * connection of a createDb pool carries a random tag in a session setting, and the transaction
 * asks its own connection for the tag to find the client to stream into.
 */
const TAG_SETTING = 'portal.connection_tag';
const clientsByTag = new Map<string, pg.PoolClient>();
const tagOfClient = new WeakMap<pg.PoolClient, string>();

/** Tags every new connection of `pool` so that copyFrom can stream into it. */
export function tagConnectionsForCopy(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const tag = randomUUID();
    clientsByTag.set(tag, client);
    tagOfClient.set(client, tag);
    // Queued before any query of whoever checks the client out; a failure surfaces on that query.
    client.query(`select set_config('${TAG_SETTING}', $1, false)`, [tag]).catch(() => {});
  });
  pool.on('remove', (client) => {
    const tag = tagOfClient.get(client);
    if (tag) clientsByTag.delete(tag);
  });
}

/**
 * Runs `copySql` (a `COPY ... FROM STDIN` statement) on the transaction's connection, streaming
 * `chunks` (COPY text) into it; returns the rows PostgreSQL copied.
 */
export async function copyFrom<DB>(trx: Kysely<DB>, copySql: string, chunks: Iterable<string> | AsyncIterable<string>): Promise<number> {
  const client = await pgClientOf(trx, 'copyFrom');
  const stream = client.query(copyFromStdin(copySql));
  await pipeline(Readable.from(chunks, { objectMode: false }), stream);
  return stream.rowCount;
}

/** The pg client under a transaction's connection (found by its tag), for streaming COPY on it. */
export async function pgClientOf<DB>(trx: Kysely<DB>, who: string): Promise<pg.PoolClient> {
  if (!trx.isTransaction) throw new Error(`${who} needs a transaction: the tag lookup and the COPY must share a connection`);
  const { rows } = await sql<{ tag: string | null }>`select current_setting(${TAG_SETTING}, true) as tag`.execute(trx);
  const client = rows[0]?.tag ? clientsByTag.get(rows[0].tag) : undefined;
  if (!client) throw new Error(`${who} needs a connection of a pool opened by createDb`);
  return client;
}
