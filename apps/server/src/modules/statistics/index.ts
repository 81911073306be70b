/**
 * The statistics module's public entry: the job's recomputation of the series whose days a write
 * noted as pending, and the noting itself for write paths other than ingest.
 */
export { recomputePendingStatistics } from './statistics.service';
export { markStatisticsPending } from './statistics.repository';
