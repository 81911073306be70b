import { localDateOf } from '../../timeseries/ingest';
import { parseDateTime } from './date-parse';
import { fetchJson, ImportFetchError } from './http-json';
import { commitBatch, newBatch, type SourceContext } from './source-context';

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
}
interface CdssPage {
  PageNumber?: number;
  PageCount?: number;
  ResultList?: CdssRecord[];
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
  let pageCount = 1;
  for (let page = 1; page <= pageCount; page++) {
    const params = new URLSearchParams({
      format: 'json',
      dateFormat: 'spaceSepToSeconds',
      abbrev,
      parameter: series.parameter,
      startDate: cdssDate(ctx.windowStart),
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
      batch.add(null, time, r.measValue ?? null);
    }
  }
  if (batch.read === 0) ctx.tally.notes.push(`${label}: no values since ${localDateOf(ctx.windowStart)}`);
  await commitBatch(ctx, batch, label);
}
