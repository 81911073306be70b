/**
 * What a person reads for a popup field. The layers' fields are data names (location_name,
 * DcrVolAbs); a popup names them in words, in sentence case.
 */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  facility_ndx: 'Facility ID',
  location_name: 'Location name',
  reporting_status_desc: 'Reporting status',
  last_report: 'Last report',
  most_recent_measurements: 'Most recent measurements',
  facility_names: 'Facility names',
  facility_types: 'Facility types',
  locationtype: 'Location type',
  county_name: 'County',
  location_id: 'Location ID',
  location_display_label: 'Display name',
  system_url: 'More info',
  waterbody_name: 'Water body',
  huc12_name: 'Watershed (HUC 12)',
  township_lndkey: 'Township',
  latitude: 'Latitude',
  longitude: 'Longitude',
  source: 'Source',
  wdid: 'WDID',
  current_flow_cfs: 'Current flow (cfs)',
  stream_mile: 'Stream mile',
  most_recent_timestamp: 'Most recent reading',
  MoreInfo: 'More info',
  StructType: 'Structure type',
  WDID: 'WDID',
  WaterSrc: 'Water source',
  AssocCaseN: 'Associated case number',
  AssocPermi: 'Associated permit',
  CurrInUse: 'Currently in use',
  DCRratAbs: 'Decreed rate, absolute',
  DcrRatCond: 'Decreed rate, conditional',
  DcrVolAbs: 'Decreed volume, absolute',
  DcrVolCond: 'Decreed volume, conditional',
  County: 'County',
  LatDecDeg: 'Latitude',
  LongDecDeg: 'Longitude',
  LocAccurac: 'Location accuracy',
  structure_name: 'Structure name',
  water_source: 'Water source',
  call_type: 'Call type',
  date_set: 'Date set',
  admin_no: 'Admin number',
  appro_date: 'Appropriation date',
  set_comments: 'Comments',
  source_url: 'Source link',
  district: 'Water district',
};

/** Short forms that stay in capitals when a field name is spelled out. */
const ACRONYMS = new Set(['id', 'wdid', 'huc', 'huc12', 'url', 'cfs', 'af', 'usgs', 'dwr', 'cdss', 'gis']);

/**
 * A field's label: the known name, else the field spelled out: words split at underscores and
 * at lower-to-upper case changes, the first word capitalised, short forms in capitals.
 */
export function popupFieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  if (words.length === 0) return field;
  return words.map((w, i) => (ACRONYMS.has(w) ? w.toUpperCase() : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(' ');
}
