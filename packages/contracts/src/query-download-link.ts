import { INTERVAL_ROUTE_SEGMENTS } from './calendar';
import type { QueryDownloadInterval } from './query-download';
import { ROUTES } from './routes';

export interface QueryDownloadLinkInput {
  daysRange: number;
  interval: QueryDownloadInterval;
  facilityTypes: readonly number[];
  facilities: readonly number[];
}

/**
 * The Query & Download page prefilled (daysRange, timeInterval prefixed 'data-',
 * facilityTypes and facilities as comma lists); `initialForm` reads it back.
 */
export function queryDownloadLink({ daysRange, interval, facilityTypes, facilities }: QueryDownloadLinkInput): string {
  const params: [string, string][] = [
    ['daysRange', String(daysRange)],
    ['timeInterval', INTERVAL_ROUTE_SEGMENTS[interval]],
    ['facilityTypes', facilityTypes.join(',')],
    ['facilities', facilities.join(',')],
  ];
  // Commas stay readable: they are allowed in a query string and the page splits on them.
  const search = params.map(([name, value]) => `${name}=${encodeURIComponent(value).replace(/%2C/g, ',')}`).join('&');
  return `${ROUTES.QUERY_AND_DOWNLOAD}?${search}`;
}
