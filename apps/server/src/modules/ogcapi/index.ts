/**
 * The open data API's public entry: how USGS-style identifiers name the portal's locations and
 * parameters, which the statistics service shares.
 */
export { locationNumbersOf, parseMonitoringLocationId, USGS_PARAMETER_CODE } from './ogcapi-ids';
export { parameterCodeOf } from './ogcapi-filters.repository';
