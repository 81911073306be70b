import type { OgcCollectionId } from '@portal/contracts';

/** What each collection holds, as the collection documents describe it. */
export const COLLECTION_TEXTS: Record<OgcCollectionId, { title: string; description: string }> = {
  'monitoring-locations': {
    title: 'Monitoring locations',
    description: 'One point per monitoring location, with what its map popup shows. The id is the location number.',
  },
  'time-series-metadata': {
    title: 'Time series metadata',
    description:
      'Two series per location and parameter with data: the 15-minute values (computation_period_identifier Points) and the daily means (Daily), each with its first and last time.',
  },
  'latest-continuous': {
    title: 'Latest continuous values',
    description: 'The newest 15-minute value of each series.',
  },
  continuous: {
    title: 'Continuous values',
    description: '15-minute values, oldest first within each series. Times are instants in UTC; values are text as USGS writes them.',
  },
  daily: {
    title: 'Daily values',
    description:
      "Daily means (statistic 00003) over the district's calendar days, rounded to the parameter's decimals, with the day's minimum, maximum and count.",
  },
};

/** The conformance classes served: Features Part 1 core, GeoJSON and OpenAPI 3.0. */
export const CONFORMANCE_CLASSES = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
];

export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
export const GREGORIAN = 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian';
