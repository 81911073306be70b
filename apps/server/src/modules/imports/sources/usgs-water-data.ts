import { USGS_WATER_DATA_IMPORT_KIND } from '@portal/contracts';
import type { ImportSourceKindReader } from './source-kind';
import { normalizeMonitoringLocationId, parseWaterDataMetadata, WATER_DATA_MESSAGES, type WaterDataSeries } from '@portal/contracts';
import { localDateOf } from '../../../db/local-day';
import { forEachFeaturePage, WaterDataError, WaterDataLimitError, waterDataUrl, type WaterDataClient } from '../../usgs-water-data/index';
import { parseDateTime } from '../engine/date-parse';
import { ImportFetchError } from '../engine/http-json';
import { commitBatch, newBatch, type SourceContext } from '../engine/source-context';
import { dayNumber, initialWindows, splitWindow, timeParameter, type RequestWindow } from '../engine/water-data-windows';

/** Default of USGS_WATER_DATA_URL. */
export const WATER_DATA_DEFAULT_URL = 'https://api.waterdata.usgs.gov/ogcapi/v0';
/** Features per page we ask for (the service allows up to 50,000 and may send fewer). */
export const WATER_DATA_PAGE_LIMIT = 10_000;

interface FeatureProperties {
  monitoring_location_id?: unknown;
  parameter_code?: unknown;
  statistic_id?: unknown;
  time?: unknown;
  value?: unknown;
  approval_status?: unknown;
  qualifier?: unknown;
}

/**
 * The marks kept with a value: 'P' for approval_status Provisional (as WaterServices marked
 * provisional values), 'A' for Approved, then the qualifier codes (ICE, EQUIP, ESTIMATED, ...).
 */
export function qualifiersOf(p: FeatureProperties): string | null {
  const marks: string[] = [];
  if (p.approval_status === 'Provisional') marks.push('P');
  else if (p.approval_status === 'Approved') marks.push('A');
  else if (typeof p.approval_status === 'string' && p.approval_status.trim()) marks.push(p.approval_status.trim());
  if (Array.isArray(p.qualifier)) for (const q of p.qualifier) if (typeof q === 'string' && q.trim()) marks.push(q.trim());
  return marks.length ? marks.join(',').slice(0, 200) : null;
}

/**
 * USGS Water Data OGC API: `collections/{continuous|daily}/items` of one monitoring location and
 * parameter (and statistic). Each request window is one batch, written oldest first, so a run that
 * fails part-way keeps the windows before the failure and the next run asks again from there.
 */
export async function importUsgsWaterData(ctx: SourceContext): Promise<void> {
  const s = ctx.source;
  const site = normalizeMonitoringLocationId(s.sourceSiteId);
  if (!site) {
    ctx.tally.failUnit(`${WATER_DATA_MESSAGES.siteId} (found "${s.sourceSiteId ?? ''}")`);
    return;
  }
  const parsed = parseWaterDataMetadata(s.sourceSiteMetadata);
  if (!parsed.ok) {
    ctx.tally.failUnit(`${parsed.message} (found "${s.sourceSiteMetadata ?? ''}")`);
    return;
  }
  const series = parsed.series;
  const client: WaterDataClient = {
    baseUrl: ctx.deps.usgsWaterDataUrl ?? WATER_DATA_DEFAULT_URL,
    apiKey: ctx.deps.usgsApiKey,
    fetchImpl: ctx.fetchImpl,
  };
  const label = `USGS ${site} ${series.collection}:${series.parameterCode}${series.statisticId ? `:${series.statisticId}` : ''}`;
  const now = (ctx.deps.now ?? (() => new Date()))();
  const windows =
    series.collection === 'daily'
      ? initialWindows('daily', dayNumber(localDateOf(ctx.windowStart)), dayNumber(localDateOf(now)))
      : initialWindows('continuous', Math.floor(ctx.windowStart.getTime() / 1000), Math.floor(now.getTime() / 1000));
  const seen = { read: 0, others: 0 };
  try {
    while (windows.length) {
      const w = windows.shift()!;
      try {
        await importWindow(ctx, client, site, series, w, label, seen);
      } catch (e) {
        const halves = e instanceof WaterDataLimitError ? splitWindow(series.collection, w) : null;
        if (!halves) throw e;
        ctx.tally.notes.push(`${label} ${timeParameter(series.collection, w)} exceeded the service's limits; asked again in two halves`);
        windows.unshift(...halves);
      }
    }
  } catch (e) {
    if (e instanceof WaterDataError) throw new ImportFetchError(e.message);
    throw e;
  }
  if (seen.others > 0) {
    ctx.tally.notes.push(
      `${seen.others} ${seen.others === 1 ? 'feature' : 'features'} of another monitoring location, parameter or statistic left out`,
    );
  }
  if (seen.read === 0) {
    ctx.tally.warnings.push(
      `${label} since ${localDateOf(ctx.windowStart)}: the service answered with no values for this monitoring location and parameter; check the Source Site ID and Source Site Metadata`,
    );
  }
}

async function importWindow(
  ctx: SourceContext,
  client: WaterDataClient,
  site: string,
  series: WaterDataSeries,
  w: RequestWindow,
  label: string,
  seen: { read: number; others: number },
): Promise<void> {
  const query = new URLSearchParams({ monitoring_location_id: site, parameter_code: series.parameterCode });
  if (series.statisticId) query.set('statistic_id', series.statisticId);
  query.set('time', timeParameter(series.collection, w));
  query.set('limit', String(WATER_DATA_PAGE_LIMIT));
  query.set('skipGeometry', 'true');
  const url = waterDataUrl(client, `collections/${series.collection}/items`, query);
  // The pages of one window form one batch: written whole, or not at all.
  const batch = newBatch(ctx, null);
  let pages = 0;
  try {
    pages = await forEachFeaturePage(client, url, (features, page) => {
      pages = page;
      for (const f of features) {
        const p = (f as { properties?: FeatureProperties } | null)?.properties;
        if (!p || !matches(p, site, series)) {
          seen.others++;
          continue;
        }
        const time = typeof p.time === 'string' ? parseDateTime(p.time) : { kind: 'error' as const, message: 'a feature has no time' };
        const value = typeof p.value === 'string' || typeof p.value === 'number' ? p.value : null;
        batch.add(null, time, value, undefined, qualifiersOf(p));
      }
    });
  } catch (e) {
    if (e instanceof WaterDataError && !(e instanceof WaterDataLimitError) && batch.read > 0) {
      batch.countInto(ctx.tally);
      seen.read += batch.read;
      throw new WaterDataError(
        `${e.message}. Page ${pages + 1} of ${timeParameter(series.collection, w)} failed after ${batch.read} values were read from the pages before it; nothing of this window was written`,
      );
    }
    throw e;
  }
  seen.read += batch.read;
  await commitBatch(ctx, batch, label);
}

/** Only the configured monitoring location, parameter and (where given) statistic are stored. */
function matches(p: FeatureProperties, site: string, series: WaterDataSeries): boolean {
  if (p.monitoring_location_id !== site || p.parameter_code !== series.parameterCode) return false;
  return !series.statisticId || p.statistic_id === series.statisticId;
}

export const USGS_WATER_DATA_SOURCE: ImportSourceKindReader = {
  definition: USGS_WATER_DATA_IMPORT_KIND,
  read: importUsgsWaterData,
  deps: (config) => ({ usgsWaterDataUrl: config.usgsWaterDataUrl, usgsApiKey: config.usgsApiKey }),
};
