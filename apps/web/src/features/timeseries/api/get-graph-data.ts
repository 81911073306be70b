import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  GRAPH_PATHS,
  graphResponseSchema,
  type CalendarDay,
  type GraphInterval,
  type GraphResponse,
  type GraphType,
} from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export interface GraphDataRequest {
  graphType: GraphType;
  locationNdx: number;
  /** Calendar days in the district zone, both inclusive. */
  startDate: CalendarDay;
  endDate: CalendarDay;
  interval: GraphInterval;
}

/**
 * POST /api/graph-{flow|stage|waterlevel}-data15-min/{locationNdx}: every row for the table and
 * CSV plus a chart series the server thinned to at most 2,000 points. The bearer token goes
 * along when signed in, so staff also reach private locations.
 */
export function getGraphData(req: GraphDataRequest, signal?: AbortSignal): Promise<GraphResponse> {
  return apiRequest(`${GRAPH_PATHS[req.graphType]}/${req.locationNdx}`, {
    method: 'POST',
    body: { startDate: req.startDate, endDate: req.endDate, interval: req.interval },
    schema: graphResponseSchema,
    signal,
  });
}

/** Keyed on the caller too: a staff answer may hold a private location's rows. */
export const graphDataQueryOptions = (req: GraphDataRequest, sub: string | undefined) =>
  queryOptions({
    queryKey: ['timeseries', 'graph', req.graphType, req.locationNdx, req.interval, req.startDate, req.endDate, sub ?? 'anonymous'],
    queryFn: ({ signal }) => getGraphData(req, signal),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    // Keeps the previous chart on screen while a new range loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useGraphData(req: GraphDataRequest | null, sub: string | undefined) {
  return useQuery({
    ...graphDataQueryOptions(
      req ?? { graphType: 'flow', locationNdx: 0, startDate: '' as CalendarDay, endDate: '' as CalendarDay, interval: '15min' },
      sub,
    ),
    enabled: req !== null,
  });
}
