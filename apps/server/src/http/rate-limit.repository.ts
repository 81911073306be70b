import { sql } from 'kysely';
import type { Db } from '../db/client';

/**
 * The HTTP rate limiter's counters: one fixed-window counter per route group and caller, kept in
 * PostgreSQL (rows of throttle_counter whose keys start with "rate:") so every app process counts
 * against the same limit. The nightly maintenance job removes the expired ones with the rest.
 */

/**
 * Counts one request in a fixed window: a window that has run out starts again at this request.
 * Returns the count including this request and when the window ends.
 */
export async function incrementWindowCounter(
  db: Db,
  key: string,
  nowMs: number,
  windowMs: number,
): Promise<{ attempts: number; expiresAt: number }> {
  const now = new Date(nowMs);
  const r = await sql<{ attempts: number; expires_at: Date }>`
    insert into throttle_counter as c (key, attempts, window_started_at, expires_at)
    values (${key}, 1, ${now}::timestamptz, ${new Date(nowMs + windowMs)}::timestamptz)
    on conflict (key) do update set
      attempts = case when c.expires_at <= ${now}::timestamptz then 1 else c.attempts + 1 end,
      window_started_at = case when c.expires_at <= ${now}::timestamptz then excluded.window_started_at else c.window_started_at end,
      expires_at = case when c.expires_at <= ${now}::timestamptz then excluded.expires_at else c.expires_at end
    returning attempts, expires_at`.execute(db);
  return { attempts: r.rows[0].attempts, expiresAt: r.rows[0].expires_at.getTime() };
}

/** The count of a window without counting this request (0 when the window has run out). */
export async function readWindowCounter(db: Db, key: string, nowMs: number): Promise<{ attempts: number; expiresAt: number }> {
  const r = await sql<{ attempts: number; expires_at: Date }>`
    select attempts, expires_at from throttle_counter where key = ${key} and expires_at > ${new Date(nowMs)}::timestamptz`.execute(db);
  const row = r.rows[0];
  return row ? { attempts: row.attempts, expiresAt: row.expires_at.getTime() } : { attempts: 0, expiresAt: nowMs };
}
