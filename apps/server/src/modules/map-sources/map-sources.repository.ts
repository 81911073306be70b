import { sql } from 'kysely';
import type { Db } from '../../db/client';

export interface ExternalSourceRow {
  map_source_id: string;
  external_url: string;
  transform: string | null;
  refresh_minutes: number | null;
}

/** Default refresh when a source does not say. */
export const DEFAULT_REFRESH_MINUTES = 60;

/**
 * External sources whose refresh interval has passed since the last attempt (success or not,
 * so a failing service is not hammered every minute). refresh_minutes = 0 means manual only.
 */
export async function dueExternalSources(db: Db, now: Date): Promise<ExternalSourceRow[]> {
  const { rows } = await sql<ExternalSourceRow>`
    select map_source_id, external_url, transform, refresh_minutes
    from map_source
    where external_url is not null
      and coalesce(refresh_minutes, ${DEFAULT_REFRESH_MINUTES}) > 0
      and (last_attempt_at is null
           or last_attempt_at <= ${now}::timestamptz - make_interval(mins => coalesce(refresh_minutes, ${DEFAULT_REFRESH_MINUTES})))
    order by map_source_id`.execute(db);
  return rows;
}

export async function findExternalSource(db: Db, id: string): Promise<ExternalSourceRow | undefined> {
  const row = await db
    .selectFrom('map_source')
    .select(['map_source_id', 'external_url', 'transform', 'refresh_minutes'])
    .where('map_source_id', '=', id)
    .executeTakeFirst();
  return row && row.external_url ? { ...row, external_url: row.external_url } : undefined;
}

/** Stores a fresh copy and clears the last error. */
export async function saveSourceData(db: Db, id: string, data: unknown, at: Date): Promise<void> {
  await db
    .updateTable('map_source')
    .set({ data: JSON.stringify(data), last_refreshed_at: at, last_attempt_at: at, last_error: null })
    .where('map_source_id', '=', id)
    .execute();
}

/** Records a failed attempt; the last good data stays as it is. */
export async function saveSourceError(db: Db, id: string, message: string, at: Date): Promise<void> {
  await db
    .updateTable('map_source')
    .set({ last_error: message.slice(0, 1000), last_attempt_at: at })
    .where('map_source_id', '=', id)
    .execute();
}
