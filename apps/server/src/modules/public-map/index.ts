/** The public map's public entry: the pieces of its location feed the open data API serves too. */
export { feedVersion, reportingStatusJoin, statusRanges } from './location-features.repository';
