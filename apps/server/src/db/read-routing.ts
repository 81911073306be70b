import type { Db } from './client';

/**
 * Where the read-only heavy routes read. Without read replicas both members use the primary, so
 * a route written against this behaves exactly as before.
 */
export interface ReadRouting {
  /** Reads that tolerate a replica a few seconds behind the primary. */
  db: Db;
  /**
   * Runs `read` on a connection that has every commit the primary had when it was called: a
   * replica that has replayed that far (after a short wait), else the primary. For answers that
   * are cached until the data changes, so a copy is never built from data older than its version.
   */
  caughtUp<T>(read: (db: Db) => Promise<T>): Promise<T>;
}

/** Every read on the primary: the routing when DATABASE_READ_URL is not set. */
export function primaryReads(db: Db): ReadRouting {
  return { db, caughtUp: (read) => read(db) };
}
