import type { Migration } from 'kysely';
import * as m0001 from './0001_initial_schema';
import * as m0002 from './0002_timeseries_and_imports';
import * as m0003 from './0003_alerts_and_contacts';
import * as m0004 from './0004_map_cameras_audit';
import * as m0005 from './0005_public_map';
import * as m0006 from './0006_import_engine';
import * as m0100 from './0100_oidc_provider';
import * as m0101 from './0101_import_qualifiers_and_window';
import * as m0102 from './0102_parameter_decimals';
import * as m0110 from './0110_alert_delivery';
import * as m0120 from './0120_location_required_text';
import * as m0130 from './0130_location_trigger_elevation';
import * as m0140 from './0140_mobile_tracker';
import * as m0150 from './0150_map_layer_feed_version';
import * as m0160 from './0160_usgs_water_data_source';
import * as m0170 from './0170_series_info';
import * as m0200 from './0200_shared_throttles_and_token_version';
import * as m0230 from './0230_home_landing_page';
import * as m0250 from './0250_account_links_and_sign_up';
import * as m0260 from './0260_observation_covering_key';
import * as m0270 from './0270_alert_delivery_in_flight';
import * as m0271 from './0271_trusted_devices';
import * as m0280 from './0280_parameter_usgs_code';
import * as m0285 from './0285_api_keys';
import * as m0295 from './0295_series_statistics';
import * as m0300 from './0300_data_review';
import * as m0310 from './0310_token_version_notify';

/** Every migration, by name; Kysely applies them in name order. */
export const migrations: Record<string, Migration> = {
  '0001_initial_schema': m0001,
  '0002_timeseries_and_imports': m0002,
  '0003_alerts_and_contacts': m0003,
  '0004_map_cameras_audit': m0004,
  '0005_public_map': m0005,
  '0006_import_engine': m0006,
  '0100_oidc_provider': m0100,
  '0101_import_qualifiers_and_window': m0101,
  '0102_parameter_decimals': m0102,
  '0110_alert_delivery': m0110,
  '0120_location_required_text': m0120,
  '0130_location_trigger_elevation': m0130,
  '0140_mobile_tracker': m0140,
  '0150_map_layer_feed_version': m0150,
  '0160_usgs_water_data_source': m0160,
  '0170_series_info': m0170,
  '0200_shared_throttles_and_token_version': m0200,
  '0230_home_landing_page': m0230,
  '0250_account_links_and_sign_up': m0250,
  '0260_observation_covering_key': m0260,
  '0270_alert_delivery_in_flight': m0270,
  '0271_trusted_devices': m0271,
  '0280_parameter_usgs_code': m0280,
  '0285_api_keys': m0285,
  '0295_series_statistics': m0295,
  '0300_data_review': m0300,
  '0310_token_version_notify': m0310,
};
