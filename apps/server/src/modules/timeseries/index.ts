/**
 * The time series module's public entry: the one write path of observations (ingest), and the one
 * reader of a series' points with its chart JSON, which graphs, comparisons and drill-down share.
 * Other modules import these from here, never from the files behind them.
 */
export {
  deleteObservationsBefore,
  ingestObservations,
  rewriteSeriesSpan,
  type IngestResult,
  type ObservationInput,
  type SeriesSpanWritten,
} from './ingest';
export { seriesKey, seriesPacked, type SeriesColumns } from './series-points.repository';
export { chartMembersJson, unpackSeries, type PackedSeries } from './chart-points';
export { findGraphLocation, findGraphSeries, type GraphLocation, type GraphSeries } from './graph.repository';
