/**
 * Reference lists of the demo district. Keys are stable strings (not database ids) so the
 * generator can refer to them before rows exist; seed-demo.ts maps keys to *_ndx after insert.
 */

export const FACILITY_TYPES = [
  { key: 'storage', mobileReport: 'storage', desc: 'Storage/Reservoirs', icon: 'Water' },
  { key: 'recharge', mobileReport: 'recharge', desc: 'Recharge', icon: 'Waves' },
  { key: 'augmentation', mobileReport: 'augmentation', desc: 'Augmentation', icon: 'Opacity' },
  { key: 'wells', mobileReport: 'wells', desc: 'Wells', icon: 'Propane' },
  { key: 'diversions', mobileReport: null, desc: 'Diversions', icon: 'CallSplit' },
  { key: 'gauges', mobileReport: null, desc: 'Stream Gauges', icon: 'Straighten' },
] as const;
export type FacilityTypeKey = (typeof FACILITY_TYPES)[number]['key'];

/** Map colours follow ColorBrewer "Paired" so types stay distinguishable on every basemap. */
export const LOCATION_TYPES = [
  { key: 'well', desc: 'Well', color: '#1F78B4', shape: 'circle', size: 10 },
  { key: 'monitoring-well', desc: 'Monitoring Well', color: '#A6CEE3', shape: 'circle', size: 9 },
  { key: 'gauge', desc: 'Stream Gauge', color: '#33A02C', shape: 'triangle', size: 12 },
  { key: 'reservoir', desc: 'Reservoir', color: '#6A3D9A', shape: 'square', size: 12 },
  { key: 'diversion', desc: 'Diversion Structure', color: '#FF7F00', shape: 'diamond', size: 11 },
  { key: 'recharge', desc: 'Recharge Pond', color: '#B15928', shape: 'square', size: 10 },
  { key: 'augmentation', desc: 'Augmentation Station', color: '#E31A1C', shape: 'diamond', size: 11 },
  { key: 'weather', desc: 'Weather Station', color: '#FFD92F', shape: 'star', size: 11 },
] as const;
export type LocationTypeKey = (typeof LOCATION_TYPES)[number]['key'];

export const WATERBODIES = [
  { key: 'spr', name: 'South Platte River', united: true },
  { key: 'clp', name: 'Cache la Poudre River', united: true },
  { key: 'bt', name: 'Big Thompson River', united: true },
  { key: 'svc', name: 'St. Vrain Creek', united: true },
  { key: 'bec', name: 'Box Elder Creek', united: true },
  { key: 'lc', name: 'Lost Creek', united: true },
  { key: 'spa', name: 'South Platte Alluvial Aquifer', united: true },
  { key: 'lfh', name: 'Laramie-Fox Hills Aquifer', united: false },
  { key: 'lcb', name: 'Lost Creek Designated Basin Aquifer', united: false },
  { key: 'res', name: 'Off-channel Storage', united: false },
] as const;
export type WaterbodyKey = (typeof WATERBODIES)[number]['key'];

export const UNITS = [
  { key: 'cfs', desc: 'cfs', name: 'Cubic feet per second' },
  { key: 'ft', desc: 'ft', name: 'Feet' },
  { key: 'gpm', desc: 'gpm', name: 'Gallons per minute' },
  { key: 'af', desc: 'af', name: 'Acre-feet' },
  { key: 'V', desc: 'V', name: 'Volts' },
  { key: 'pct', desc: '%', name: 'Percent' },
  { key: 'in', desc: 'in', name: 'Inches' },
] as const;
export type UnitKey = (typeof UNITS)[number]['key'];

export const PARAMETERS = [
  { key: 'flow', usgsCode: '00060', name: 'Flow', unit: 'cfs', group: 'surface', color: '#1F77B4', decimals: 2 },
  { key: 'stage', usgsCode: '00065', name: 'Stage', unit: 'ft', group: 'surface', color: '#17BECF', decimals: 2 },
  {
    key: 'level',
    usgsCode: '72019',
    name: 'Water Level (depth to water)',
    unit: 'ft',
    group: 'groundwater',
    color: '#8C564B',
    decimals: 2,
  },
  { key: 'pumping', usgsCode: null, name: 'Pumping Rate', unit: 'gpm', group: 'groundwater', color: '#D62728', decimals: 0 },
  { key: 'volume', usgsCode: '00054', name: 'Storage Volume', unit: 'af', group: 'storage', color: '#9467BD', decimals: 1 },
  { key: 'pctfull', usgsCode: null, name: 'Percent Full', unit: 'pct', group: 'storage', color: '#2CA02C', decimals: 1 },
  { key: 'battery', usgsCode: '70969', name: 'Battery Voltage', unit: 'V', group: 'telemetry', color: '#FF7F0E', decimals: 2 },
  { key: 'precip', usgsCode: '00045', name: 'Precipitation', unit: 'in', group: 'weather', color: '#7F7F7F', decimals: 2 },
] as const;
export type ParameterKey = (typeof PARAMETERS)[number]['key'];

export const PARAMETER_GROUPS = [
  { key: 'surface', name: 'Surface Water' },
  { key: 'groundwater', name: 'Groundwater' },
  { key: 'storage', name: 'Storage' },
  { key: 'telemetry', name: 'Telemetry Health' },
  { key: 'weather', name: 'Weather' },
] as const;

/** One data source per `data_source.kind`; generated demo observations carry the 'demo' one. */
export const DATA_SOURCES = [
  { key: 'demo', name: 'Demo Telemetry (generated)', kind: 'demo' },
  { key: 'manual', name: 'Manual Field Reading', kind: 'manual' },
  { key: 'file', name: 'Logger File Import', kind: 'file' },
  { key: 'usgs', name: 'USGS NWIS', kind: 'usgs' },
  { key: 'usgs-water-data', name: 'USGS Water Data API', kind: 'usgs-water-data' },
  { key: 'cdss', name: 'Colorado DWR CDSS', kind: 'cdss' },
] as const;
export type DataSourceKey = (typeof DATA_SOURCES)[number]['key'];

/** Symbol categories drive the map legend; one per location type keeps the legend short. */
export function symbolCategoryFor(type: LocationTypeKey): string {
  return LOCATION_TYPES.find((t) => t.key === type)!.desc;
}
