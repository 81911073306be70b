import { INTERVAL_GRAPH_LABELS, INTERVALS, type Interval } from './calendar';

/**
 * Time-series graph contract: what the map's data-visualization panel asks for and the rows it gets.
 * POST /api/graph-flow-data15-min/{locationNdx}, /api/graph-stage-data15-min/{locationNdx} and
 * /api/graph-waterlevel-data15-min/{locationNdx} (docs/decisions/0006-timeseries-graph.md).
 */

export const GRAPH_TYPES = ['flow', 'stage', 'waterlevel'] as const;
export type GraphType = (typeof GRAPH_TYPES)[number];

/** The one value field of a time-series row, by graph type (parameter.value_field picks the series). */
export const GRAPH_VALUE_FIELDS = { flow: 'flow_cfs', stage: 'stage_ft', waterlevel: 'level_ft' } as const;
export type GraphValueField = (typeof GRAPH_VALUE_FIELDS)[GraphType];

/** API path of each graph type, without the leading /api/. */
export const GRAPH_PATHS = {
  flow: 'graph-flow-data15-min',
  stage: 'graph-stage-data15-min',
  waterlevel: 'graph-waterlevel-data15-min',
} as const satisfies Record<GraphType, string>;

export const GRAPH_INTERVALS = INTERVALS;
export type GraphInterval = Interval;
/** Labels of the interval choice. */
export const GRAPH_INTERVAL_LABELS = INTERVAL_GRAPH_LABELS;

/** Default and ceiling of the chart series length; the table and CSV always get every row. */
export const GRAPH_DEFAULT_MAX_POINTS = 2000;
export const GRAPH_MAX_POINTS_LIMIT = 10_000;

/** USGS convention: a value whose qualifiers include P is provisional (subject to revision). */
export function isProvisional(qualifiers: string | null | undefined): boolean {
  return !!qualifiers && qualifiers.split(',').some((q) => q.trim() === 'P');
}
