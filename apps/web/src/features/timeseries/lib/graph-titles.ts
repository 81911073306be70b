import type { GraphType } from '@portal/contracts';

/**
 * Names of the graphs in titles and links. Its own module: the map's popups name graphs, and
 * graph-format.ts (date-fns, the chart option) loads with the graph panel, not with the map.
 */
export const GRAPH_TITLES: Record<GraphType, string> = { flow: 'Flow', stage: 'Stage', waterlevel: 'Water Level' };
