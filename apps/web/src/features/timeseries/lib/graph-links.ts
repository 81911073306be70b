import { GRAPH_TYPES, type GraphType } from '@portal/contracts';

/** Popup flags that offer each graph. */
const FLAGS: [GraphType, string][] = [
  ['flow', 'has_flow_graph'],
  ['stage', 'has_stage_graph'],
  ['waterlevel', 'has_waterlevel_graph'],
];

export interface GraphTarget {
  location: { ndx: number; id: string; name: string };
  graphTypes: GraphType[];
}

/**
 * What a location feature's popup can open: its keys and the graphs its flags allow; null for
 * features that are not our locations (DWR layers, boundaries) or that offer no graph.
 */
export function graphTargetOf(properties: Record<string, unknown> | null | undefined): GraphTarget | null {
  if (!properties) return null;
  const ndx = Number(properties.location_ndx);
  const id = properties.location_id;
  if (!Number.isInteger(ndx) || ndx <= 0 || typeof id !== 'string' || id === '') return null;
  const graphTypes = FLAGS.filter(([, flag]) => properties[flag] === true).map(([type]) => type);
  if (graphTypes.length === 0) return null;
  const name = typeof properties.location_name === 'string' && properties.location_name ? properties.location_name : id;
  return { location: { ndx, id, name }, graphTypes };
}

/** The graph a link asks for (`?location=N&graph=flow`, graphLinkPath in contracts), or null. */
export function graphLinkRequest(search: URLSearchParams): { locationNdx: number; graphType: GraphType } | null {
  const locationNdx = Number(search.get('location'));
  const graphType = GRAPH_TYPES.find((t) => t === search.get('graph'));
  return Number.isInteger(locationNdx) && locationNdx > 0 && graphType ? { locationNdx, graphType } : null;
}
