import {
  type FlowCalcFormula,
  type FlowCalcNote,
  type LastReport,
  type MobileBattery,
  type MobileOverviewReport,
  type MobileReportRow,
  waterYearOf,
  waterYearRange,
} from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import type { Db } from '../../db/client';
import { districtToday } from '../../db/local-day';
import { listFacilitySeries, listMonthlyDailyStats } from '../facility-dashboard/index';
import { afPerDayFactor, seriesKind } from '../facility-dashboard/index';
import { batteriesFor } from '../reports/index';
import { cellText, latestValue, planCell, type CellSeries } from './overview-cells';
import { listFlowCalculationSeries, listReadableFacilities, listReportColumns, type ReportColumn } from './mobile-tracker.repository';

/** A facility's series as the facility dashboard sees them (decision 0008): its lists, kinds by unit. */
async function facilitySeries(db: Db, facilityNdx: number): Promise<CellSeries[]> {
  const rows = await listFacilitySeries(db, facilityNdx);
  return rows.map((r) => ({
    location_ndx: r.location_ndx,
    location_id: r.location_id,
    parameter_ndx: r.parameter_ndx,
    kind: seriesKind(r.unit_desc, r.value_field),
    last_timestamp: r.last_timestamp,
    last_value: r.last_value,
  }));
}

/** Acre-feet of the series from the water year's first day to today (Σ daily mean × factor, decision 0008). */
async function waterYearVolume(db: Db, column: ReportColumn, series: CellSeries[], now: Date): Promise<number | null> {
  // Only rates have a volume; a column configured with another kind shows nothing.
  const factor = afPerDayFactor(column.series_kind);
  if (factor === null) return null;
  const today = districtToday(now);
  const { start } = waterYearRange(waterYearOf(today));
  const stats = await listMonthlyDailyStats(db, series, start, today);
  return stats.reduce((acc, m) => acc + m.sum_of_means, 0) * factor;
}

/** One overview pivot: a row per facility of the report's type, a cell per configured column. */
export async function overviewReport(db: Db, caller: Caller, report: MobileOverviewReport, now = new Date()): Promise<MobileReportRow[]> {
  const [facilities, columns] = await Promise.all([listReadableFacilities(db, caller, report), listReportColumns(db, report)]);
  const out: MobileReportRow[] = [];
  for (const [index, f] of facilities.entries()) {
    const series = await facilitySeries(db, f.facility_ndx);
    for (const column of columns) {
      const plan = planCell(column, series, now);
      let value: number | null = null;
      if (plan.state === 'collecting') {
        value = column.measure === 'wy_volume' ? await waterYearVolume(db, column, plan.series, now) : latestValue(column, plan.fresh);
      }
      out.push({
        row_name: f.facility_name,
        column_name: column.column_name,
        ...cellText(plan, value, column.decimals),
        row_sort: index + 1,
        column_sort: column.column_sort,
        facility_ndx: f.facility_ndx,
      });
    }
  }
  return out;
}

/** Every readable facility with its newest reading, oldest first (never-reported ones first of all). */
export async function lastReports(db: Db, caller: Caller): Promise<LastReport[]> {
  const facilities = await listReadableFacilities(db, caller, null);
  const rows: (LastReport & { sortKey: number })[] = [];
  for (const f of facilities) {
    const reported = (await facilitySeries(db, f.facility_ndx)).filter((s) => s.last_timestamp !== null);
    reported.sort((a, b) => b.last_timestamp!.getTime() - a.last_timestamp!.getTime());
    const newest = reported[0]?.last_timestamp ?? null;
    rows.push({
      facility_ndx: f.facility_ndx,
      facility_name: f.facility_name,
      facility_type_desc: f.facility_type_desc,
      last_report_timestamp: newest ? newest.toISOString() : null,
      locations_labels: [...new Set(reported.map((s) => s.location_id))].join(', '),
      sortKey: newest ? newest.getTime() : Number.NEGATIVE_INFINITY,
    });
  }
  // Array.prototype.sort is stable: equal times keep the facilities' display order.
  return rows.sort((a, b) => a.sortKey - b.sortKey).map(({ sortKey: _k, ...r }) => r);
}

interface FlowCalc extends FlowCalcFormula {
  flow_calc_notes: string | null;
}

/** Structures with a stored formula; the flow is the newest of their flow (cfs) series. */
async function flowCalculations(db: Db, caller: Caller): Promise<FlowCalc[]> {
  const byLocation = new Map<number, FlowCalc & { at: number }>();
  for (const r of await listFlowCalculationSeries(db, caller)) {
    const entry = byLocation.get(r.location_ndx) ?? {
      location_ndx: r.location_ndx,
      storage_site: r.location_name,
      most_recent_value_cfs: null,
      flow_calc_formula: r.flow_calc_formula,
      flow_calc_notes: r.flow_calc_notes,
      at: Number.NEGATIVE_INFINITY,
    };
    if (seriesKind(r.unit_desc, r.value_field) === 'flow' && r.last_timestamp && r.last_timestamp.getTime() > entry.at) {
      entry.most_recent_value_cfs = r.last_value;
      entry.at = r.last_timestamp.getTime();
    }
    byLocation.set(r.location_ndx, entry);
  }
  return [...byLocation.values()].map(({ at: _a, ...r }) => r);
}

export async function flowCalcFormulas(db: Db, caller: Caller): Promise<FlowCalcFormula[]> {
  return (await flowCalculations(db, caller)).map(({ flow_calc_notes: _n, ...r }) => r);
}

export async function flowCalcNotes(db: Db, caller: Caller): Promise<FlowCalcNote[]> {
  return (await flowCalculations(db, caller))
    .filter((r) => r.flow_calc_notes !== null && r.flow_calc_notes.trim() !== '')
    .map((r) => ({ location_ndx: r.location_ndx, storage_site: r.storage_site, flow_calc_notes: r.flow_calc_notes! }));
}

/** The Batteries Status Table's 7-day min and max (decision 0009), in the tracker's three columns. */
export async function mobileBatteries(db: Db, caller: Caller, now = new Date()): Promise<MobileBattery[]> {
  return (await batteriesFor(db, caller, now)).map((b) => ({
    location_display_label: b.location_display_label,
    min_7day: b.min_7day,
    max_7day: b.max_7day,
  }));
}
