import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { tagConnectionsForCopy } from './copy-from';
import type { Database } from './schema';

// Return int8/numeric as numbers: our counts and values fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  pool: pg.Pool;
  close: () => Promise<void>;
}

export interface PoolOptions {
  /** How long to wait for a new connection before giving up (default 5 s). */
  connectionTimeoutMillis?: number;
}

/** Opens a pooled connection to PostgreSQL and wraps it in Kysely. */
export function createDb(url: string, max = 10, options: PoolOptions = {}): DbHandle {
  // A database that does not answer must not hold requests forever: give up on a connection
  // after 5 s (the API answers 503) and try afresh on the next request.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  // Nor one that loses it between being handed out and sending its query (PostgreSQL restarting):
  // pg then emits 'error' on the client, which would be an uncaught exception without a listener.
  // The query itself still fails and the request answers 503 (http/error-handler.ts).
  pool.on('connect', (client) => client.on('error', () => {}));
  // Bulk writes stream COPY into the connection of their transaction (copy-from.ts).
  tagConnectionsForCopy(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}
