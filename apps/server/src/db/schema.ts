// Kysely table types, one file per area under schema/; they mirror migrations/ exactly.
// Column conventions are explained in schema/column-types.ts.
import type {
  FacilityTypeTable,
  LocationTypeTable,
  WaterbodyTable,
  CountyTable,
  ReportingStatusTable,
  MapSymbolCategoryTable,
  UnitTable,
  ParameterTable,
  ParameterGroupTable,
  ParameterGroupMemberTable,
  DataSourceTable,
  DelimiterTable,
  AlertTypeTable,
  RoleTable,
  LandingPageTable,
} from './schema/reference';
import type { SeriesIntervalStatsTable, SeriesNormalStatsTable, SeriesStatsPendingTable } from './schema/statistics';
import type {
  AppUserTable,
  UserFacilityTable,
  FacilityTable,
  LocationTable,
  FacilityLocationTable,
  LocationParameterTable,
  LocationTriggerElevationTable,
} from './schema/facilities';
import type {
  ImportSourceTable,
  ImportRunTable,
  ObservationTable,
  ObservationRawTable,
  SeriesEditTable,
  SeriesLatestTable,
  SeriesInfoView,
  ObservationDailyTable,
} from './schema/timeseries';
import type {
  ContactTable,
  ContactGroupTable,
  ContactGroupMemberTable,
  AlertRequestTable,
  AlertRequestRecipientTable,
  AlertEventTable,
  MapSourceTable,
  MapLayerTable,
  BasemapTable,
  CameraTable,
  AuditLogTable,
} from './schema/admin-map';
import type { MobileReportColumnTable, FlowCalculationTable } from './schema/mobile';

export type { PgInterval } from './schema/column-types';
export * from './schema/reference';
export * from './schema/facilities';
export * from './schema/timeseries';
export * from './schema/admin-map';
export * from './schema/mobile';

export interface Database {
  facility_type: FacilityTypeTable;
  location_type: LocationTypeTable;
  waterbody: WaterbodyTable;
  county: CountyTable;
  reporting_status: ReportingStatusTable;
  map_symbol_category: MapSymbolCategoryTable;
  unit: UnitTable;
  parameter: ParameterTable;
  parameter_group: ParameterGroupTable;
  parameter_group_member: ParameterGroupMemberTable;
  data_source: DataSourceTable;
  delimiter: DelimiterTable;
  alert_type: AlertTypeTable;
  role: RoleTable;
  landing_page: LandingPageTable;
  app_user: AppUserTable;
  user_facility: UserFacilityTable;
  facility: FacilityTable;
  location: LocationTable;
  facility_location: FacilityLocationTable;
  location_parameter: LocationParameterTable;
  location_trigger_elevation: LocationTriggerElevationTable;
  import_source: ImportSourceTable;
  import_run: ImportRunTable;
  observation: ObservationTable;
  observation_raw: ObservationRawTable;
  series_edit: SeriesEditTable;
  series_latest: SeriesLatestTable;
  series_info: SeriesInfoView;
  observation_daily: ObservationDailyTable;
  series_normal_stats: SeriesNormalStatsTable;
  series_interval_stats: SeriesIntervalStatsTable;
  series_stats_pending: SeriesStatsPendingTable;
  contact: ContactTable;
  contact_group: ContactGroupTable;
  contact_group_member: ContactGroupMemberTable;
  alert_request: AlertRequestTable;
  alert_request_recipient: AlertRequestRecipientTable;
  alert_event: AlertEventTable;
  map_source: MapSourceTable;
  map_layer: MapLayerTable;
  basemap: BasemapTable;
  camera: CameraTable;
  audit_log: AuditLogTable;
  mobile_report_column: MobileReportColumnTable;
  flow_calculation: FlowCalculationTable;
}
