import { USGS_WATER_SERVICES_IMPORT_KIND } from '@portal/contracts';
import type { ImportSourceKindReader } from './source-kind';
import { localDateOf } from '../../../db/local-day';
import { parseDateTime } from '../engine/date-parse';
import { fetchJson, ImportFetchError } from '../engine/http-json';
import { commitBatch, newBatch, type SourceContext } from '../engine/source-context';

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
  qualifiers?: string[];
}
interface WmlBlock {
  value?: WmlValue[];
  method?: { methodID?: number; methodDescription?: string }[];
}
interface WmlSeries {
  sourceInfo?: { siteCode?: { value?: string; agencyCode?: string }[] };
  variable?: { variableCode?: { value?: string }[]; noDataValue?: number; options?: { option?: { optionCode?: string }[] } };
  values?: WmlBlock[];
}

/** 'USGS:06754000' or '06754000' (agency USGS). */
export const SITE = /^(?:([A-Za-z]{2,5})[:-])?(\d{8,15})$/;

/** One values[] block of the configured site, parameter and statistic: one method (sensor) of it. */
interface Candidate {
  series: WmlSeries;
  block: WmlBlock;
  methodId: number | null;
  methodDescription: string;
}

export async function importUsgs(ctx: SourceContext): Promise<void> {
  const s = ctx.source;
  const siteText = (s.sourceSiteId ?? '').trim();
  const siteMatch = SITE.exec(siteText);
  if (!siteMatch) {
    ctx.tally.failUnit(`Source Site ID "${siteText}" is not a USGS site number (8 to 15 digits, e.g. 06754000)`);
    return;
  }
  const agency = (siteMatch[1] ?? 'USGS').toUpperCase();
  const site = siteMatch[2];
  const series = parseUsgsMetadata(s.sourceSiteMetadata, s.intervalMinutes);
  if (!series) {
    ctx.tally.failUnit(
      `Source Site Metadata must name the USGS parameter code, e.g. 00060, iv:00060 or dv:00060:00003 (found "${s.sourceSiteMetadata ?? ''}")`,
    );
    return;
  }
  const since = localDateOf(ctx.windowStart);
  const params = new URLSearchParams({
    format: 'json',
    sites: agency === 'USGS' ? site : `${agency}:${site}`,
    parameterCd: series.parameterCd,
    siteStatus: 'all',
    startDT: since,
  });
  if (series.statCd) params.set('statCd', series.statCd);
  const url = `${ctx.deps.usgsBaseUrl.replace(/\/+$/, '')}/${series.service}/?${params.toString()}`;
  const doc = (await fetchJson(ctx.fetchImpl, url, 'USGS Water Services')) as { value?: { timeSeries?: WmlSeries[] } };
  const all = doc?.value?.timeSeries;
  if (!Array.isArray(all)) throw new ImportFetchError(`USGS Water Services sent JSON without value.timeSeries (${url})`);
  const label = `USGS ${agency === 'USGS' ? '' : `${agency}:`}${site} ${series.service}:${series.parameterCd}${series.statCd ? `:${series.statCd}` : ''}`;
  const asked = `${label} since ${since}${s.sourceMethodId ? `, method ${s.sourceMethodId}` : ''}`;
  // An answer may hold several sites (and parameters): take only the configured site's series.
  const candidates: Candidate[] = all
    .filter(
      (t) =>
        t.sourceInfo?.siteCode?.some((c) => c.value === site && (c.agencyCode ?? 'USGS').toUpperCase() === agency) &&
        t.variable?.variableCode?.some((c) => c.value === series.parameterCd) &&
        (!series.statCd || !t.variable.options?.option?.length || t.variable.options.option.some((o) => o.optionCode === series.statCd)),
    )
    .flatMap((t) =>
      (t.values ?? []).map((block) => ({
        series: t,
        block,
        methodId: block.method?.[0]?.methodID ?? null,
        methodDescription: (block.method?.[0]?.methodDescription ?? '').trim(),
      })),
    );
  const chosen = chooseMethod(ctx, candidates, asked, all.length);
  if (!chosen) return;
  const batch = newBatch(ctx, null);
  const noData = chosen.series.variable?.noDataValue ?? -999999;
  for (const v of chosen.block.value ?? []) {
    const time = v.dateTime ? parseDateTime(v.dateTime) : { kind: 'error' as const, message: 'a value has no dateTime' };
    const qualifiers = Array.isArray(v.qualifiers) && v.qualifiers.length ? v.qualifiers.join(',').slice(0, 200) : null;
    batch.add(null, time, v.value ?? null, noData, qualifiers);
  }
  if (batch.rows.length === 0 && batch.bad === 0) {
    ctx.tally.warnings.push(
      batch.read === 0
        ? `${asked}: the service answered with no values`
        : `${asked}: the service answered with ${batch.read} values, all no-data markers`,
    );
  }
  await commitBatch(ctx, batch, label);
}

const describeMethod = (c: Candidate) =>
  `${c.methodId ?? 'no id'}${c.methodDescription ? ` ${c.methodDescription}` : ''} (${c.block.value?.length ?? 0} values)`;

/**
 * Picks the method (values block) to import. A configured method id must be present (else the run
 * fails, listing what is there); without one, a single method with values is taken, and when
 * several have values the first is taken and the run says which ones were left (status warning).
 */
function chooseMethod(ctx: SourceContext, candidates: Candidate[], asked: string, seriesInAnswer: number): Candidate | null {
  const wanted = ctx.source.sourceMethodId;
  if (candidates.length === 0) {
    ctx.tally.warnings.push(
      `${asked}: the answer has no time series for this site and parameter` +
        (seriesInAnswer > 0 ? ` (it holds ${seriesInAnswer} for other sites or parameters, not imported)` : '') +
        '; check the Source Site ID and Source Site Metadata',
    );
    return null;
  }
  if (wanted !== null) {
    const match = candidates.find((c) => c.methodId === wanted);
    if (!match) {
      ctx.tally.failUnit(
        `${asked}: method ${wanted} is not in the answer; the site has ${candidates.map(describeMethod).join(', ')}. ` +
          'Set Source Method ID to one of these (or clear it); nothing imported',
      );
      return null;
    }
    return match;
  }
  const withData = candidates.filter((c) => (c.block.value?.length ?? 0) > 0);
  if (withData.length > 1) {
    ctx.tally.warnings.push(
      `${asked}: the site has ${withData.length} methods (sensors) with values: ${withData.map(describeMethod).join(', ')}; ` +
        `imported method ${withData[0].methodId ?? 'no id'} only. Set Source Method ID to choose`,
    );
  }
  return withData[0] ?? candidates[0];
}

export const USGS_WATER_SERVICES_SOURCE: ImportSourceKindReader = {
  definition: USGS_WATER_SERVICES_IMPORT_KIND,
  read: importUsgs,
  deps: (config) => ({ usgsBaseUrl: config.usgsBaseUrl }),
};
