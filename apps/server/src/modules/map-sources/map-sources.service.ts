import type { Db } from '../../db/client';
import { fetchAllCdssRecords, resolveCdssUrl, type CdssFetchOptions } from './cdss-client';
import { isTransformName, transformRecords } from './cdss-transforms';
import { dueExternalSources, saveSourceData, saveSourceError, type ExternalSourceRow } from './map-sources.repository';

export interface SyncOptions extends CdssFetchOptions {
  cdssBaseUrl: string;
  now?: Date;
}

export type SyncResult = { id: string; ok: true; features: number } | { id: string; ok: false; error: string };

/**
 * Refreshes one external source: fetch every page, transform, store. Any failure (service
 * down, HTTP error, unknown transform, an answer with no usable features when the last copy
 * had some) is recorded in last_error and the last good copy is kept.
 */
export async function syncMapSource(db: Db, row: ExternalSourceRow, opts: SyncOptions): Promise<SyncResult> {
  const now = opts.now ?? new Date();
  try {
    if (!row.transform || !isTransformName(row.transform)) {
      throw new Error(`Unknown transform "${row.transform ?? ''}" (use telemetry-stations, current-flow, structures or admin-calls)`);
    }
    const records = await fetchAllCdssRecords(resolveCdssUrl(row.external_url, opts.cdssBaseUrl), opts);
    const fc = transformRecords(row.transform, records);
    if (records.length > 0 && fc.features.length === 0) throw new Error(`None of the ${records.length} records had coordinates`);
    await saveSourceData(db, row.map_source_id, fc, now);
    return { id: row.map_source_id, ok: true, features: fc.features.length };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    await saveSourceError(db, row.map_source_id, error, now);
    return { id: row.map_source_id, ok: false, error };
  }
}

/** The scheduled job: every source whose refresh_minutes have passed, one after another. */
export async function syncDueMapSources(db: Db, opts: SyncOptions): Promise<SyncResult[]> {
  const due = await dueExternalSources(db, opts.now ?? new Date());
  const results: SyncResult[] = [];
  for (const row of due) results.push(await syncMapSource(db, row, opts));
  return results;
}
