import { sql } from 'kysely';
import type { Db } from '../db/client';

/**
 * SQL of the counters every app process shares (table throttle_counter, migration 0200): the
 * sign-in and password-check throttles and the route rate limits. Times come from the caller's
 * clock (milliseconds), so every process and the tests count the same way.
 */
export interface CounterRow {
  attempts: number;
  windowStartedAt: number;
  nextSlotAt: number | null;
}

export interface CounterWrite extends CounterRow {
  key: string;
  expiresAt: number;
}

interface StoredCounter {
  key: string;
  attempts: number;
  window_started_at: Date;
  next_slot_at: Date | null;
}

/**
 * Locks the counters of one attempt (creating missing ones as empty) for the rest of the
 * transaction, so concurrent attempts in any process are counted one after the other. Keys are
 * locked in sorted order, which keeps two attempts from waiting on each other.
 */
export async function lockCounters(trx: Db, keys: readonly string[], nowMs: number, expiresAtMs: number): Promise<Map<string, CounterRow>> {
  const sorted = [...new Set(keys)].sort();
  const now = new Date(nowMs);
  const expires = new Date(expiresAtMs);
  await sql`
    insert into throttle_counter (key, attempts, window_started_at, expires_at)
    select k, 0, ${now}::timestamptz, ${expires}::timestamptz from unnest(${sorted}::text[]) with ordinality as t(k, i) order by i
    on conflict (key) do nothing`.execute(trx);
  const r = await sql<StoredCounter>`
    select key, attempts, window_started_at, next_slot_at from throttle_counter
    where key = any(${sorted}::text[]) order by key for update`.execute(trx);
  return new Map(
    r.rows.map((row) => [
      row.key,
      { attempts: row.attempts, windowStartedAt: row.window_started_at.getTime(), nextSlotAt: row.next_slot_at?.getTime() ?? null },
    ]),
  );
}

export async function saveCounters(trx: Db, writes: readonly CounterWrite[]): Promise<void> {
  for (const w of writes) {
    await sql`
      update throttle_counter set attempts = ${w.attempts}, window_started_at = ${new Date(w.windowStartedAt)}::timestamptz,
        next_slot_at = ${w.nextSlotAt === null ? null : new Date(w.nextSlotAt)}::timestamptz, expires_at = ${new Date(w.expiresAt)}::timestamptz
      where key = ${w.key}`.execute(trx);
  }
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await sql`delete from throttle_counter where key = ${key}`.execute(db);
}

/** Takes one attempt back from each counter (never below zero). */
export async function decrementCounters(db: Db, keys: readonly string[]): Promise<void> {
  await sql`update throttle_counter set attempts = greatest(attempts - 1, 0) where key = any(${[...keys]}::text[])`.execute(db);
}

/** Removes counters whose window has passed; run by the nightly maintenance job. */
export async function deleteExpiredCounters(db: Db, nowMs: number): Promise<number> {
  const r = await sql`delete from throttle_counter where expires_at < ${new Date(nowMs)}::timestamptz`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
