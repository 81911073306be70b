import { CDSS_IMPORT_KIND } from '@portal/contracts';
import type { ImportSourceKindReader } from './source-kind';
import { localDateOf } from '../../../db/local-day';
import { parseDateTime } from '../engine/date-parse';
import { fetchJson, ImportFetchError } from '../engine/http-json';
import { commitBatch, newBatch, type SourceContext } from '../engine/source-context';

/**
 * Colorado DWR / CDSS HydroBase REST v2 telemetry time series. source_site_id: the station
 * abbrev (e.g. PLAKERCO). source_site_metadata: the telemetry parameter (e.g. DISCHRG), optionally
 * with the time step 'DISCHRG:raw', ':hour' or ':day'; without one the step follows interval_period
 * (a day or longer = day, an hour or longer = hour, otherwise raw 15-minute values).
 * measDateTime / measDate are Colorado local wall-clock times without an offset: they go through
 * the source's daylight-saving mode like logger files (an explicit offset, if CDSS sends one, wins).
 */
export interface CdssSeries {
  parameter: string;
  step: 'raw' | 'hour' | 'day';
}

/** Rows per page we ask for; CDSS clients use 50,000. */
const PAGE_SIZE = 50_000;
/** A runaway PageCount must not keep a worker busy for ever. */
const MAX_PAGES = 200;

export function parseCdssMetadata(metadata: string | null, intervalMinutes: number | null): CdssSeries | null {
  const m = /^\s*([A-Za-z0-9_]+)(?::(raw|hour|day))?\s*$/i.exec(metadata ?? '');
  if (!m) return null;
  const minutes = intervalMinutes ?? 0;
  const step = (m[2]?.toLowerCase() as CdssSeries['step'] | undefined) ?? (minutes >= 1440 ? 'day' : minutes >= 60 ? 'hour' : 'raw');
  return { parameter: m[1].toUpperCase(), step };
}

interface CdssRecord {
  measDateTime?: string;
  measDate?: string;
  measValue?: number | string | null;
  flagA?: string | null;
  flagB?: string | null;
}
interface CdssPage {
  PageNumber?: number;
  PageCount?: number;
  ResultList?: CdssRecord[];
}

/** flagA (A approved, P provisional, O original, U third party) and flagB (e.g. Ice, Bkw), as sent. */
function flagsOf(r: CdssRecord): string | null {
  const flags = [r.flagA, r.flagB].map((f) => (typeof f === 'string' ? f.trim() : '')).filter((f) => f !== '');
  return flags.length ? flags.join(',').slice(0, 200) : null;
}

/** MM-DD-YYYY, the date format of CDSS startDate/endDate. */
function cdssDate(d: Date): string {
  const [y, m, day] = localDateOf(d).split('-');
  return `${m}-${day}-${y}`;
}

export async function importCdss(ctx: SourceContext): Promise<void> {
  const s = ctx.source;
  const abbrev = (s.sourceSiteId ?? '').trim().toUpperCase();
  if (!/^[A-Z0-9_]+$/.test(abbrev)) {
    ctx.tally.failUnit(`Source Site ID "${s.sourceSiteId ?? ''}" is not a CDSS telemetry station abbreviation (e.g. PLAKERCO)`);
    return;
  }
  const series = parseCdssMetadata(s.sourceSiteMetadata, s.intervalMinutes);
  if (!series) {
    ctx.tally.failUnit(
      `Source Site Metadata must name the CDSS telemetry parameter, e.g. DISCHRG or DISCHRG:raw (found "${s.sourceSiteMetadata ?? ''}")`,
    );
    return;
  }
  const base = `${ctx.deps.cdssBaseUrl.replace(/\/+$/, '')}/telemetrystations/telemetrytimeseries${series.step}/`;
  const label = `CDSS ${abbrev} ${series.parameter}`;
  // All pages form one batch: the whole answer is written in one transaction or not at all.
  const batch = newBatch(ctx, null);
  const since = cdssDate(ctx.windowStart);
  let pageCount = 1;
  let page = 1;
  try {
    for (; page <= pageCount; page++) {
      // The parameters CDSS's own clients (cdsspy, cdssr, TSTool) send; includeThirdParty=true also
      // returns stations operated by partners (e.g. Northern Water), as the DWR web map shows them.
      const params = new URLSearchParams({
        format: 'json',
        dateFormat: 'spaceSepToSeconds',
        abbrev,
        parameter: series.parameter,
        startDate: since,
        includeThirdParty: 'true',
        pageSize: String(PAGE_SIZE),
        pageIndex: String(page),
      });
      const url = `${base}?${params.toString()}`;
      const doc = (await fetchJson(ctx.fetchImpl, url, 'Colorado DWR (CDSS)')) as CdssPage | string;
      if (typeof doc === 'string' && /zero records/i.test(doc)) break;
      if (typeof doc !== 'object' || doc === null || !Array.isArray(doc.ResultList)) {
        throw new ImportFetchError(`Colorado DWR (CDSS) sent JSON without a ResultList (${url})`);
      }
      if (page === 1) pageCount = Math.min(Math.max(1, Number(doc.PageCount) || 1), MAX_PAGES);
      for (const r of doc.ResultList) {
        const when = series.step === 'raw' ? (r.measDateTime ?? r.measDate) : (r.measDate ?? r.measDateTime);
        const time = when ? parseDateTime(when) : { kind: 'error' as const, message: 'a record has no measDateTime' };
        batch.add(null, time, r.measValue ?? null, undefined, flagsOf(r));
      }
    }
  } catch (e) {
    // The answer is written whole or not at all, but the run still reports what it had read.
    if (e instanceof ImportFetchError && batch.read > 0) {
      batch.countInto(ctx.tally);
      throw new ImportFetchError(
        `${e.message}. Page ${page} of ${pageCount} failed after ${batch.read} rows were read from the pages before it; nothing was written`,
      );
    }
    throw e;
  }
  if (batch.rows.length === 0 && batch.bad === 0) {
    const asked = `${label} (${series.step}) since ${since}`;
    ctx.tally.warnings.push(
      batch.read === 0
        ? `${asked}: the service answered with no records; check the station abbreviation and parameter`
        : `${asked}: the service answered with ${batch.read} records, none with a value`,
    );
  }
  await commitBatch(ctx, batch, label);
}

export const CDSS_SOURCE: ImportSourceKindReader = {
  definition: CDSS_IMPORT_KIND,
  read: importCdss,
  deps: (config) => ({ cdssBaseUrl: config.cdssBaseUrl }),
};
