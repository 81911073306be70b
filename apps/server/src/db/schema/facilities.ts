import type { Generated } from 'kysely';
import type { Defaulted, TimestampDefaulted } from './column-types';

// Users, facilities, locations and what each location measures.

export interface AppUserTable {
  user_id: Generated<string>;
  name: string;
  nickname: string;
  email: string;
  password_hash: string | null;
  role_ndx: number | null;
  landing_page_ndx: Defaulted<number>;
  disabled: Defaulted<boolean>;
  created_at: TimestampDefaulted;
  updated_at: TimestampDefaulted;
}
export interface UserFacilityTable {
  user_id: string;
  facility_ndx: number;
}
export interface FacilityTable {
  facility_ndx: Generated<number>;
  facility_name: string;
  facility: string | null;
  facility_type_ndx: number;
  display_order: Defaulted<number>;
  widget_order: Defaulted<string[]>;
  axis2_min: number | null;
  axis2_max: number | null;
  fp_mapcenter_lat: number | null;
  fp_mapcenter_lon: number | null;
  fp_mapzoom_level: number | null;
  array_location_ndx: Defaulted<number[]>;
  array_parameter_ndx: Defaulted<number[]>;
  notes: string | null;
  is_public: Defaulted<boolean>;
}
export type MapSymShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'star';
export interface LocationTable {
  location_ndx: Generated<number>;
  location_id: string;
  location_display_label: string;
  location_name: string;
  location_type_ndx: number;
  waterbody_ndx: number;
  county_ndx: number | null;
  reporting_status_ndx: number | null;
  huc12_name: string | null;
  township_lndkey: string | null;
  legend_color: string | null;
  display_order: Defaulted<number>;
  notes: string | null;
  latitude: number | null;
  longitude: number | null;
  exclude_from_map: Defaulted<boolean>;
  linked_excel_include: Defaulted<boolean>;
  is_public: Defaulted<boolean>;
  is_well_owner: Defaulted<boolean>;
  cuwcd_well_number: string | null;
  map_sym_fill_color: string | null;
  map_sym_stroke_color: string | null;
  map_sym_stroke_width: number | null;
  map_sym_pixel_size: number | null;
  map_sym_legend_pixel_size: number | null;
  map_sym_shape: MapSymShape | null;
  map_symbol_category_ndx: number | null;
  system_url: string | null;
}
export interface FacilityLocationTable {
  facility_ndx: number;
  location_ndx: number;
}
export interface LocationParameterTable {
  location_ndx: number;
  parameter_ndx: number;
  unit_ndx: number | null;
  legend_label: string | null;
  graph_series_color: string | null;
  graph_line_type: 'solid' | 'dashed' | 'dotted' | null;
  graph_line_width: number | null;
  graph_series_type: 'line' | 'bar' | 'area' | 'scatter' | null;
  graph_area_opacity: number | null;
  axis_label: string | null;
  suppress_legend: Defaulted<boolean>;
  column_label: string | null;
  column_order: number | null;
}
/** A well's trigger elevation (migration 0130); the measuring point converts depth to water into an elevation. */
export interface LocationTriggerElevationTable {
  location_ndx: number;
  trigger_elevation_ft: number;
  measuring_point_elevation_ft: number | null;
  updated_at: TimestampDefaulted;
}
