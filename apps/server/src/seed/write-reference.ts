import type { Db } from '../db/client';
import { coloradoCounties } from './counties';
import {
  DATA_SOURCES,
  FACILITY_TYPES,
  LOCATION_TYPES,
  PARAMETER_GROUPS,
  PARAMETERS,
  UNITS,
  WATERBODIES,
  type ParameterKey,
} from './reference-data';

/** Database keys of the reference rows, by the generator's stable keys (and by name for counties). */
export interface ReferenceKeys {
  facilityType: Map<string, number>;
  locationType: Map<string, number>;
  waterbody: Map<string, number>;
  unit: Map<string, number>;
  parameter: Map<string, number>;
  dataSource: Map<string, number>;
  county: Map<string, number>;
  symbolCategory: Map<string, number>;
  reportingStatus: Map<ReportingStatusKey, number>;
}

export type ReportingStatusKey = 'reporting' | 'late' | 'offline';
/** Status labels; the map's Reporting Status filter lists these. */
export const REPORTING_STATUSES: { key: ReportingStatusKey; desc: string }[] = [
  { key: 'reporting', desc: 'Reporting' },
  { key: 'late', desc: 'Not Reporting (1-14 days)' },
  { key: 'offline', desc: 'Offline (over 14 days)' },
];

const VALUE_FIELD: Record<string, 'flow_cfs' | 'stage_ft' | 'level_ft' | null> = { flow: 'flow_cfs', stage: 'stage_ft', level: 'level_ft' };

/** Inserts the lookup lists (in FK order) and returns their keys. Runs inside the seed transaction. */
/**
 * The automatic checks of each demo parameter (null turns one off): plausible limits, the largest
 * believable change per hour, how many equal 15-minute readings make a stuck sensor, and how long
 * a silence is a gap. Slow series (wells, storage) and series that rest at one value (pumps,
 * rain gauges) have no flat-line check.
 */
const PARAMETER_CHECKS: Record<
  ParameterKey,
  {
    check_min: number | null;
    check_max: number | null;
    check_max_rate_per_hour: number | null;
    check_flat_readings: number | null;
    check_gap_minutes: number | null;
  }
> = {
  flow: { check_min: 0, check_max: 50_000, check_max_rate_per_hour: 2_000, check_flat_readings: 12, check_gap_minutes: 180 },
  stage: { check_min: 0, check_max: 50, check_max_rate_per_hour: 3, check_flat_readings: 24, check_gap_minutes: 180 },
  level: { check_min: 0, check_max: 2_000, check_max_rate_per_hour: 5, check_flat_readings: null, check_gap_minutes: 1_440 },
  pumping: { check_min: 0, check_max: 10_000, check_max_rate_per_hour: null, check_flat_readings: null, check_gap_minutes: 1_440 },
  volume: { check_min: 0, check_max: null, check_max_rate_per_hour: null, check_flat_readings: null, check_gap_minutes: 1_440 },
  pctfull: { check_min: 0, check_max: 100, check_max_rate_per_hour: null, check_flat_readings: null, check_gap_minutes: 1_440 },
  battery: { check_min: 10, check_max: 16, check_max_rate_per_hour: 2, check_flat_readings: null, check_gap_minutes: 180 },
  precip: { check_min: 0, check_max: 10, check_max_rate_per_hour: null, check_flat_readings: null, check_gap_minutes: 1_440 },
};

export async function writeReference(trx: Db): Promise<ReferenceKeys> {
  // Map by name, not by position: RETURNING order is not a documented guarantee.
  const byKey = (items: readonly { key: string; name: string }[], rows: { ndx: number; name: string }[]) => {
    const byName = new Map(rows.map((r) => [r.name, r.ndx]));
    return new Map(items.map((i) => [i.key, byName.get(i.name)!]));
  };

  const ft = await trx
    .insertInto('facility_type')
    .values(
      FACILITY_TYPES.map((t, i) => ({
        facility_type_desc: t.desc,
        icon_name: t.icon,
        display_order: i + 1,
        mobile_report: t.mobileReport,
      })),
    )
    .returning(['facility_type_ndx as ndx', 'facility_type_desc as name'])
    .execute();
  const lt = await trx
    .insertInto('location_type')
    .values(LOCATION_TYPES.map((t, i) => ({ location_type_desc: t.desc, map_color: t.color, display_order: i + 1 })))
    .returning(['location_type_ndx as ndx', 'location_type_desc as name'])
    .execute();
  const sc = await trx
    .insertInto('map_symbol_category')
    .values(LOCATION_TYPES.map((t, i) => ({ map_symbol_category: t.desc, display_order: i + 1 })))
    .returning(['map_symbol_category_ndx as ndx', 'map_symbol_category as name'])
    .execute();
  const wb = await trx
    .insertInto('waterbody')
    .values(WATERBODIES.map((w) => ({ waterbody_name: w.name, united_list_include: w.united })))
    .returning(['waterbody_ndx as ndx', 'waterbody_name as name'])
    .execute();
  const un = await trx
    .insertInto('unit')
    .values(UNITS.map((u) => ({ unit_desc: u.desc, unit_abbrev: u.name })))
    .returning(['unit_ndx as ndx', 'unit_desc as name'])
    .execute();
  const unit = byKey(
    UNITS.map((u) => ({ key: u.key, name: u.desc })),
    un,
  );
  const pa = await trx
    .insertInto('parameter')
    .values(
      PARAMETERS.map((p, i) => ({
        parameter_name: p.name,
        parameter_abbrev: p.key,
        unit_ndx: unit.get(p.unit)!,
        value_field: VALUE_FIELD[p.key] ?? null,
        display_order: i + 1,
        decimals: p.decimals,
        usgs_parameter_code: p.usgsCode,
        ...PARAMETER_CHECKS[p.key],
      })),
    )
    .returning(['parameter_ndx as ndx', 'parameter_name as name'])
    .execute();
  const parameter = byKey(PARAMETERS, pa);
  const pg = await trx
    .insertInto('parameter_group')
    .values(PARAMETER_GROUPS.map((g, i) => ({ parameter_group_name: g.name, display_order: i + 1 })))
    .returning(['parameter_group_ndx as ndx', 'parameter_group_name as name'])
    .execute();
  const group = byKey(PARAMETER_GROUPS, pg);
  await trx
    .insertInto('parameter_group_member')
    .values(PARAMETERS.map((p) => ({ parameter_group_ndx: group.get(p.group)!, parameter_ndx: parameter.get(p.key)! })))
    .execute();
  const ds = await trx
    .insertInto('data_source')
    .values(DATA_SOURCES.map((d) => ({ data_source: d.name, kind: d.kind })))
    .returning(['datasrc_ndx as ndx', 'data_source as name'])
    .execute();
  const co = await trx
    .insertInto('county')
    .values(coloradoCounties().map((c) => ({ county_name: c.name, fips: c.fips })))
    .returning(['county_ndx as ndx', 'county_name as name'])
    .execute();
  // Reporting statuses may already exist (another module may pre-fill them): reuse by name.
  await trx
    .insertInto('reporting_status')
    .values(REPORTING_STATUSES.map((s, i) => ({ reporting_status_desc: s.desc, display_order: i + 1 })))
    .onConflict((oc) => oc.column('reporting_status_desc').doNothing())
    .execute();
  const rs = await trx.selectFrom('reporting_status').select(['reporting_status_ndx', 'reporting_status_desc']).execute();
  const rsByDesc = new Map(rs.map((r) => [r.reporting_status_desc, r.reporting_status_ndx]));

  return {
    facilityType: byKey(
      FACILITY_TYPES.map((t) => ({ key: t.key, name: t.desc })),
      ft,
    ),
    locationType: byKey(
      LOCATION_TYPES.map((t) => ({ key: t.key, name: t.desc })),
      lt,
    ),
    symbolCategory: byKey(
      LOCATION_TYPES.map((t) => ({ key: t.key, name: t.desc })),
      sc,
    ),
    waterbody: byKey(WATERBODIES, wb),
    unit,
    parameter,
    dataSource: byKey(DATA_SOURCES, ds),
    county: new Map(co.map((r) => [r.name, r.ndx])),
    reportingStatus: new Map(REPORTING_STATUSES.map((s) => [s.key, rsByDesc.get(s.desc)!])),
  };
}
