import { sql } from 'kysely';
import type { MobileOverviewReport } from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import { readableFacility, readableLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';
import type { MobileReportColumnTable } from '../../db/schema';

/** SQL of the Mobile Tracker (decision 0018). Series values come from the facility dashboard's repository. */

export interface ReportFacility {
  facility_ndx: number;
  facility_name: string;
  facility_type_desc: string;
  display_order: number;
}

/** Facilities the caller may open, of the facility type bound to `report` (or of every type), in display order. */
export async function listReadableFacilities(db: Db, caller: Caller, report: MobileOverviewReport | null): Promise<ReportFacility[]> {
  const { rows } = await sql<ReportFacility>`
    select f.facility_ndx, f.facility_name, ft.facility_type_desc, f.display_order
    from facility f
    join facility_type ft on ft.facility_type_ndx = f.facility_type_ndx
    where ${readableFacility(caller, 'f')} ${report === null ? sql`` : sql`and ft.mobile_report = ${report}`}
    order by f.display_order, f.facility_name, f.facility_ndx`.execute(db);
  return rows;
}

export type ReportColumn = Omit<MobileReportColumnTable, 'mobile_report_column_ndx' | 'mobile_report' | 'decimals'> & {
  decimals: number;
};

export async function listReportColumns(db: Db, report: MobileOverviewReport): Promise<ReportColumn[]> {
  return db
    .selectFrom('mobile_report_column')
    .select(['column_name', 'column_sort', 'series_kind', 'location_id_pattern', 'measure', 'decimals'])
    .where('mobile_report', '=', report)
    .orderBy('column_sort')
    .execute();
}

export interface FlowCalculationSeriesRow {
  location_ndx: number;
  location_name: string;
  flow_calc_formula: string;
  flow_calc_notes: string | null;
  /** One stored series of the structure (null columns when it has none). */
  unit_desc: string | null;
  value_field: string | null;
  last_value: number | null;
  last_timestamp: Date | null;
}

/** Measuring structures with a stored formula that the caller may read, one row per stored series. */
export async function listFlowCalculationSeries(db: Db, caller: Caller): Promise<FlowCalculationSeriesRow[]> {
  const { rows } = await sql<FlowCalculationSeriesRow>`
    select l.location_ndx, l.location_name, fc.flow_calc_formula, fc.flow_calc_notes,
      si.unit_desc, p.value_field, sl.last_value, sl.last_timestamp
    from flow_calculation fc
    join location l on l.location_ndx = fc.location_ndx
    left join series_latest sl on sl.location_ndx = l.location_ndx
    left join parameter p on p.parameter_ndx = sl.parameter_ndx
    left join series_info si on si.location_ndx = sl.location_ndx and si.parameter_ndx = sl.parameter_ndx
    where ${readableLocation(caller, 'l')}
    order by l.location_name, l.location_ndx`.execute(db);
  return rows;
}
