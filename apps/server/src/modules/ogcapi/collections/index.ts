import type { OgcCollectionDefinition } from './collection';
import { continuous } from './continuous';
import { daily } from './daily';
import { latestContinuous } from './latest-continuous';
import { latestDaily } from './latest-daily';
import { monitoringLocations } from './monitoring-locations';
import { timeSeriesMetadata } from './time-series-metadata';

/** Every collection of the open data API, in the order the collections document lists them. */
export const COLLECTIONS: readonly OgcCollectionDefinition[] = [
  monitoringLocations,
  timeSeriesMetadata,
  latestContinuous,
  latestDaily,
  continuous,
  daily,
];

export type { OgcCollectionDefinition } from './collection';
