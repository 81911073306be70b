import type { Generated } from 'kysely';
import type { Defaulted } from './column-types';

// Reference tables and the identity lookups (roles, landing pages).

export interface FacilityTypeTable {
  facility_type_ndx: Generated<number>;
  facility_type_desc: string;
  icon_name: string | null;
  display_order: Defaulted<number>;
  united_list_include: Defaulted<boolean>;
  /** The Mobile Tracker overview report of this type (migration 0140). */
  mobile_report: 'storage' | 'recharge' | 'augmentation' | 'wells' | null;
}
export interface LocationTypeTable {
  location_type_ndx: Generated<number>;
  location_type_desc: string;
  map_color: string | null;
  display_order: Defaulted<number>;
}
export interface WaterbodyTable {
  waterbody_ndx: Generated<number>;
  waterbody_name: string;
  united_list_include: Defaulted<boolean>;
}
export interface CountyTable {
  county_ndx: Generated<number>;
  county_name: string;
  fips: string | null;
}
export interface ReportingStatusTable {
  reporting_status_ndx: Generated<number>;
  reporting_status_desc: string;
  display_order: Defaulted<number>;
  /** Newest observation at most this old (hours); null = everything older. */
  max_age_hours: number | null;
}
export interface MapSymbolCategoryTable {
  map_symbol_category_ndx: Generated<number>;
  map_symbol_category: string;
  display_order: Defaulted<number>;
}
export interface UnitTable {
  unit_ndx: Generated<number>;
  unit_desc: string;
  unit_abbrev: string | null;
}
export type ValueField = 'flow_cfs' | 'stage_ft' | 'level_ft';
export interface ParameterTable {
  parameter_ndx: Generated<number>;
  parameter_name: string;
  parameter_abbrev: string | null;
  unit_ndx: number | null;
  value_field: ValueField | null;
  display_order: Defaulted<number>;
  /** Decimals values are shown and exported with (0-6); daily means are rounded to it. */
  decimals: Defaulted<number>;
  /** USGS parameter code (five digits, e.g. 00060), unique; the open data API's parameter_code. */
  usgs_parameter_code: Defaulted<string | null>;
  /** Automatic checks run on every import; null turns a check off (migration 0300). */
  check_min: Defaulted<number | null>;
  check_max: Defaulted<number | null>;
  check_max_rate_per_hour: Defaulted<number | null>;
  check_flat_readings: Defaulted<number | null>;
  check_gap_minutes: Defaulted<number | null>;
}
export interface ParameterGroupTable {
  parameter_group_ndx: Generated<number>;
  parameter_group_name: string;
  display_order: Defaulted<number>;
}
export interface ParameterGroupMemberTable {
  parameter_group_ndx: number;
  parameter_ndx: number;
}
export type DataSourceKind = 'file' | 'usgs' | 'usgs-water-data' | 'cdss' | 'manual' | 'demo';
export interface DataSourceTable {
  datasrc_ndx: Generated<number>;
  data_source: string;
  kind: Defaulted<DataSourceKind>;
}
export interface DelimiterTable {
  delimiter_ndx: Generated<number>;
  delimiter_desc: string;
  delimiter_char: string;
}
export type AlertComparison = 'above' | 'below' | 'stale' | 'battery_below';
export interface AlertTypeTable {
  alert_type_ndx: Generated<number>;
  alert_type_desc: string;
  comparison: AlertComparison;
}
export interface RoleTable {
  role_ndx: Generated<number>;
  role_name: string;
  /** The spec's auth0_role_id, e.g. 'rol_administrator'. */
  role_id: string;
}
export interface LandingPageTable {
  landing_page_ndx: Generated<number>;
  landing_page_name: string;
  landing_page_path: string;
}
