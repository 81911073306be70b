import {
  AF_PER_GPM_DAY,
  type CurrentTotals,
  type DashboardSeries,
  type LastFewResponse,
  type MonthlyResponse,
  type PctFullRow,
  type WellCurrentValue,
  type WellValuesTable,
  type YtdResponse,
  waterYearOf,
  waterYearRange,
} from '@portal/contracts';
import { callerOf } from '../../access/access-policy';
import { assertFacilityReadable } from '../../access/access.repository';
import type { AuthUser } from '../../tokens/token-verifier';
import type { Db } from '../../db/client';
import { districtToday } from '../../db/local-day';
import { listFacilitySeries, listMonthlyDailyStats, listObservations, type FacilitySeriesRow } from './facility-dashboard.repository';
import { afPerDayFactor, seriesKind } from './series-kind';

const SIX_HOURS_MS = 6 * 3_600_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface Series extends DashboardSeries {
  last_timestamp: Date | null;
  last_value: number | null;
}

/** The facility's series after the access check of decision 0012 (404 for a facility the caller may not open). */
async function seriesForUser(db: Db, user: AuthUser, facilityNdx: number): Promise<Series[]> {
  await assertFacilityReadable(db, callerOf(user), facilityNdx);
  const rows = await listFacilitySeries(db, facilityNdx);
  return rows.map(({ value_field, ...r }: FacilitySeriesRow) => ({ ...r, kind: seriesKind(r.unit_desc, value_field) }));
}

const publicSeries = ({ last_timestamp: _t, last_value: _v, ...s }: Series): DashboardSeries => s;

/**
 * 'Last 6 hours': the window ends at the facility's newest value (not at "now"), so a facility
 * whose telemetry is late still shows its last readings, and all series share one time axis.
 */
export async function lastFewForUser(db: Db, user: AuthUser, facilityNdx: number): Promise<LastFewResponse> {
  const series = await seriesForUser(db, user, facilityNdx);
  let end: Date | null = null;
  // A reading stamped in the future (a logger clock error) must not move the window past now.
  const now = new Date();
  for (const s of series) if (s.last_timestamp && s.last_timestamp <= now && (!end || s.last_timestamp > end)) end = s.last_timestamp;
  if (!end) return { window_start: null, window_end: null, series: series.map(publicSeries), rows: [] };
  const start = new Date(end.getTime() - SIX_HOURS_MS);
  const byKey = new Map(series.map((s) => [`${s.location_ndx}:${s.parameter_ndx}`, s]));
  const points = await listObservations(db, series, start, end);
  return {
    window_start: start.toISOString(),
    window_end: end.toISOString(),
    series: series.map(publicSeries),
    rows: points.map((p) => {
      const s = byKey.get(`${p.location_ndx}:${p.parameter_ndx}`)!;
      return {
        collect_timestamp: p.collect_timestamp.toISOString(),
        result_value: p.result_value,
        location_ndx: p.location_ndx,
        location_id: s.location_id,
        unit_desc: s.unit_desc,
        graph_series_color: s.graph_series_color,
        parameter_ndx: p.parameter_ndx,
      };
    }),
  };
}

function resolveWaterYear(requested: number | undefined) {
  const waterYear = requested ?? waterYearOf(districtToday());
  const { start, end } = waterYearRange(waterYear);
  return { water_year: waterYear, start_date: start, end_date: end };
}

/**
 * Monthly values of every series in a water year: flows and pumping as the month's volume in
 * acre-feet (sum of daily means × af-per-day factor), everything else as the mean of its daily means.
 */
export async function monthlyForUser(db: Db, user: AuthUser, facilityNdx: number, waterYear?: number): Promise<MonthlyResponse> {
  const series = await seriesForUser(db, user, facilityNdx);
  const wy = resolveWaterYear(waterYear);
  const stats = await listMonthlyDailyStats(db, series, wy.start_date, wy.end_date);
  const byKey = new Map(series.map((s) => [`${s.location_ndx}:${s.parameter_ndx}`, s]));
  return {
    ...wy,
    series: series.map(publicSeries),
    rows: stats.map((m) => {
      const s = byKey.get(`${m.location_ndx}:${m.parameter_ndx}`)!;
      const factor = afPerDayFactor(s.kind);
      return {
        location_ndx: m.location_ndx,
        location_id: s.location_id,
        parameter_ndx: m.parameter_ndx,
        collect_month: m.collect_month,
        collect_year: m.collect_year,
        result_value: factor === null ? m.mean_of_means : m.sum_of_means * factor,
        unit_desc: factor === null ? s.unit_desc : 'af',
        graph_series_color: s.graph_series_color,
        day_count: m.day_count,
      };
    }),
  };
}

/** Water-year-to-date volume (af) of every flow and pumping series, zero when it has no day yet. */
export async function ytdForUser(db: Db, user: AuthUser, facilityNdx: number, waterYear?: number): Promise<YtdResponse> {
  const series = (await seriesForUser(db, user, facilityNdx)).filter((s) => s.kind === 'flow' || s.kind === 'pumping');
  const wy = resolveWaterYear(waterYear);
  const stats = await listMonthlyDailyStats(db, series, wy.start_date, wy.end_date);
  return {
    ...wy,
    rows: series.map((s) => {
      const mine = stats.filter((m) => m.location_ndx === s.location_ndx && m.parameter_ndx === s.parameter_ndx);
      const sum = mine.reduce((acc, m) => acc + m.sum_of_means, 0);
      const lastDate = mine.reduce<string | null>((acc, m) => (acc === null || m.last_date > acc ? m.last_date : acc), null);
      return {
        location_ndx: s.location_ndx,
        location_id: s.location_id,
        parameter_ndx: s.parameter_ndx,
        kind: s.kind as 'flow' | 'pumping',
        legend_label: s.legend_label,
        graph_series_color: s.graph_series_color,
        ytd_flow_af: sum * afPerDayFactor(s.kind)!,
        year: wy.water_year,
        day_count: mine.reduce((acc, m) => acc + m.day_count, 0),
        last_date: lastDate,
      };
    }),
  };
}

/** Locations in first-seen order with the newest value of the first series of each wanted kind. */
function newestByLocation(series: Series[], kinds: Record<string, Series['kind']>) {
  const out = new Map<number, { location_id: string; values: Record<string, Series | undefined> }>();
  for (const s of series) {
    const entry = Object.entries(kinds).find(([, k]) => k === s.kind);
    if (!entry) continue;
    const loc = out.get(s.location_ndx) ?? { location_id: s.location_id, values: {} };
    // Two series of one kind at a location: the one with the newer value counts.
    const prev = loc.values[entry[0]];
    if (!prev || (s.last_timestamp && (!prev.last_timestamp || s.last_timestamp > prev.last_timestamp))) loc.values[entry[0]] = s;
    out.set(s.location_ndx, loc);
  }
  return out;
}

/** Per reservoir (a location with storage or percent-full series): newest percent full and storage. */
export async function pctFullForUser(db: Db, user: AuthUser, facilityNdx: number): Promise<PctFullRow[]> {
  const series = await seriesForUser(db, user, facilityNdx);
  const locs = newestByLocation(series, { pct: 'percent', af: 'storage' });
  return [...locs].map(([location_ndx, { location_id, values }]) => {
    const pct = values.pct?.last_value ?? null;
    const pct_full = pct === null ? null : pct / 100;
    const curr_af = values.af?.last_value ?? null;
    const remaining_af = pct_full !== null && pct_full > 0 && curr_af !== null ? curr_af / pct_full - curr_af : null;
    const times = [values.pct?.last_timestamp, values.af?.last_timestamp].filter((t): t is Date => Boolean(t));
    const newest = times.length ? new Date(Math.max(...times.map((t) => t.getTime()))) : null;
    return { location_ndx, location_id, pct_full, curr_af, remaining_af, collect_timestamp: iso(newest) };
  });
}

/** Wells: the facility's locations with a water-level or pumping series. */
export async function wellValuesForUser(db: Db, user: AuthUser, facilityNdx: number): Promise<WellCurrentValue[]> {
  const series = await seriesForUser(db, user, facilityNdx);
  const locs = newestByLocation(series, { level: 'level', gpm: 'pumping' });
  return [...locs].map(([location_ndx, { location_id, values }]) => ({
    location_ndx,
    location_id,
    current_level_ft: values.level?.last_value ?? null,
    level_timestamp: iso(values.level?.last_timestamp ?? null),
    current_gpm: values.gpm?.last_value ?? null,
    gpm_timestamp: iso(values.gpm?.last_timestamp ?? null),
  }));
}

export const WELL_TABLE_METRICS = { level: 'Water Level (ft)', gpm: 'Pumping Rate (gpm)' } as const;

/** The same values pivoted: one row per metric, one column per well (location_id_{id}). */
export async function wellTableForUser(db: Db, user: AuthUser, facilityNdx: number): Promise<WellValuesTable> {
  const wells = await wellValuesForUser(db, user, facilityNdx);
  const columns = wells.map((w) => ({ field: `location_id_${w.location_id}`, location_id: w.location_id }));
  const row = (metric: string, pick: (w: WellCurrentValue) => number | null) =>
    Object.fromEntries([
      ['metric', metric],
      ...wells.map((w) => [`location_id_${w.location_id}`, pick(w)]),
    ]) as WellValuesTable['rows'][number];
  return { columns, rows: [row(WELL_TABLE_METRICS.level, (w) => w.current_level_ft), row(WELL_TABLE_METRICS.gpm, (w) => w.current_gpm)] };
}

/** Sum of the wells' newest pumping rates, and as af/day. */
export async function currentTotalsForUser(db: Db, user: AuthUser, facilityNdx: number): Promise<CurrentTotals> {
  const pumping = (await wellValuesForUser(db, user, facilityNdx)).filter((w) => w.current_gpm !== null);
  const total = pumping.reduce((acc, w) => acc + w.current_gpm!, 0);
  const times = pumping.map((w) => w.gpm_timestamp!).sort();
  return {
    well_count: pumping.length,
    total_gpm: total,
    total_af_per_day: total * AF_PER_GPM_DAY,
    oldest_timestamp: times[0] ?? null,
    newest_timestamp: times.at(-1) ?? null,
  };
}
