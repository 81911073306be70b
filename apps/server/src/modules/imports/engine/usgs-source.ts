import { localDateOf } from '../../timeseries/ingest';
import { parseDateTime } from './date-parse';
import { fetchJson, ImportFetchError } from './http-json';
import { commitBatch, newBatch, type SourceContext } from './source-context';

/**
 * USGS Water Services (NWIS) instantaneous (iv) and daily (dv) values, WaterML-JSON.
 * source_site_id: the site number (8 to 15 digits). source_site_metadata: the parameter code,
 * '00060' (iv, or dv when interval_period is a day or longer), 'iv:00060', 'dv:00060' (daily mean,
 * statistic 00003) or 'dv:00060:00001' (another statistic). Free text around it is allowed, so
 * 'Discharge iv:00060' works too.
 */
export interface UsgsSeries {
  service: 'iv' | 'dv';
  parameterCd: string;
  statCd: string | null;
}

const CODE = /(?:^|[\s,;(])(?:(iv|dv):)?(\d{5})(?::(\d{5}))?(?=$|[\s,;)])/i;

export function parseUsgsMetadata(metadata: string | null, intervalMinutes: number | null): UsgsSeries | null {
  const m = CODE.exec(metadata ?? '');
  if (!m) return null;
  const service = (m[1]?.toLowerCase() as 'iv' | 'dv' | undefined) ?? ((intervalMinutes ?? 0) >= 1440 ? 'dv' : 'iv');
  return { service, parameterCd: m[2], statCd: service === 'dv' ? (m[3] ?? '00003') : null };
}

interface WmlValue {
  value?: string;
  dateTime?: string;
}
interface WmlSeries {
  variable?: { variableCode?: { value?: string }[]; noDataValue?: number; options?: { option?: { optionCode?: string }[] } };
  values?: { value?: WmlValue[] }[];
}

export async function importUsgs(ctx: SourceContext): Promise<void> {
  const s = ctx.source;
  const site = (s.sourceSiteId ?? '').trim();
  if (!/^\d{8,15}$/.test(site)) {
    ctx.tally.failUnit(`Source Site ID "${site}" is not a USGS site number (8 to 15 digits, e.g. 06754000)`);
    return;
  }
  const series = parseUsgsMetadata(s.sourceSiteMetadata, s.intervalMinutes);
  if (!series) {
    ctx.tally.failUnit(
      `Source Site Metadata must name the USGS parameter code, e.g. 00060, iv:00060 or dv:00060:00003 (found "${s.sourceSiteMetadata ?? ''}")`,
    );
    return;
  }
  const params = new URLSearchParams({
    format: 'json',
    sites: site,
    parameterCd: series.parameterCd,
    siteStatus: 'all',
    startDT: localDateOf(ctx.windowStart),
  });
  if (series.statCd) params.set('statCd', series.statCd);
  const url = `${ctx.deps.usgsBaseUrl.replace(/\/+$/, '')}/${series.service}/?${params.toString()}`;
  const doc = (await fetchJson(ctx.fetchImpl, url, 'USGS Water Services')) as { value?: { timeSeries?: WmlSeries[] } };
  const all = doc?.value?.timeSeries;
  if (!Array.isArray(all)) throw new ImportFetchError(`USGS Water Services sent JSON without value.timeSeries (${url})`);
  const ts = all.find(
    (t) =>
      t.variable?.variableCode?.some((c) => c.value === series.parameterCd) &&
      (!series.statCd || !t.variable.options?.option?.length || t.variable.options.option.some((o) => o.optionCode === series.statCd)),
  );
  const label = `USGS ${site} ${series.service}:${series.parameterCd}`;
  const batch = newBatch(ctx, null);
  // A site with several sensors or methods has several values[] blocks: take the first one with data.
  const block = ts?.values?.find((v) => (v.value?.length ?? 0) > 0);
  if (!block) ctx.tally.notes.push(`${label}: no values since ${localDateOf(ctx.windowStart)}`);
  const noData = ts?.variable?.noDataValue ?? -999999;
  for (const v of block?.value ?? []) {
    const time = v.dateTime ? parseDateTime(v.dateTime) : { kind: 'error' as const, message: 'a value has no dateTime' };
    batch.add(null, time, v.value ?? null, noData);
  }
  await commitBatch(ctx, batch, label);
}
