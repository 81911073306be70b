/**
 * Popup fields by map layer id, in display order, exactly as the product lists them.
 * The web popup shows these; the demo seed and the DWR source transforms produce them.
 * Layers not listed show every property.
 */
export const DWR_STATION_POPUP_FIELDS = [
  'location_id',
  'location_display_label',
  'last_report',
  'system_url',
  'locationtype',
  'waterbody_name',
  'county_name',
  'huc12_name',
  'township_lndkey',
  'latitude',
  'longitude',
];

export const POPUP_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'united-locations-circle': [
    'facility_ndx',
    'location_name',
    'reporting_status_desc',
    'last_report',
    'most_recent_measurements',
    'facility_names',
    'facility_types',
    'locationtype',
    'county_name',
  ],
  'dwr-diversion': DWR_STATION_POPUP_FIELDS,
  'dwr-streamflow': DWR_STATION_POPUP_FIELDS,
  'dwr-reservoir': DWR_STATION_POPUP_FIELDS,
  'usds-spr-current-symbol': ['location_id', 'location_name', 'source', 'wdid', 'current_flow_cfs', 'stream_mile', 'most_recent_timestamp'],
  'diversion-points-circle': [
    'MoreInfo',
    'StructType',
    'WDID',
    'WaterSrc',
    'AssocCaseN',
    'AssocPermi',
    'CurrInUse',
    'DCRratAbs',
    'DcrRatCond',
    'DcrVolAbs',
    'DcrVolCond',
    'County',
    'LatDecDeg',
    'LongDecDeg',
    'LocAccurac',
  ],
  rivercalls: [
    'structure_name',
    'wdid',
    'last_report',
    'water_source',
    'call_type',
    'date_set',
    'admin_no',
    'appro_date',
    'stream_mile',
    'set_comments',
    'source_url',
  ],
};
