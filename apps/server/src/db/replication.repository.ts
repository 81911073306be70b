import { sql } from 'kysely';
import type { Db } from './client';

/** Where the primary's write-ahead log ends now ("0/3000060"); a standby that has replayed this far has every commit made before. */
export async function primaryWalPosition(db: Db): Promise<string> {
  const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(db);
  return rows[0].lsn;
}

export interface StandbyPosition {
  /** False when the server is not replaying a primary's log (a primary, or a promoted standby). */
  inRecovery: boolean;
  /** How far the standby has applied the primary's log; null on a server that is not a standby. */
  replayed: string | null;
}

/** A server's own account of whether it is a standby and how far it has replayed. */
export async function standbyPosition(db: Db): Promise<StandbyPosition> {
  const { rows } = await sql<{ in_recovery: boolean; replayed: string | null }>`
    select pg_is_in_recovery() as in_recovery, pg_last_wal_replay_lsn()::text as replayed`.execute(db);
  return { inRecovery: rows[0].in_recovery, replayed: rows[0].replayed };
}

/**
 * True when the server behind `db` has every commit up to `lsn`: a standby that has replayed that
 * far, or the primary itself (which has no replay position).
 */
export async function hasReplayedTo(db: Db, lsn: string): Promise<boolean> {
  const { rows } = await sql<{ done: boolean }>`
    select coalesce(pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn, true) as done`.execute(db);
  return rows[0].done;
}
