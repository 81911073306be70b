import type { Generated } from 'kysely';
import type { Defaulted } from './column-types';

// Mobile Tracker configuration (migration 0140, decision 0018).

export interface MobileReportColumnTable {
  mobile_report_column_ndx: Generated<number>;
  mobile_report: 'storage' | 'recharge' | 'augmentation' | 'wells';
  column_name: string;
  column_sort: number;
  series_kind: 'flow' | 'pumping' | 'level' | 'storage' | 'percent';
  location_id_pattern: string | null;
  measure: 'latest_sum' | 'latest_mean' | 'wy_volume';
  decimals: Defaulted<number>;
}
export interface FlowCalculationTable {
  location_ndx: number;
  flow_calc_formula: string;
  flow_calc_notes: string | null;
}
