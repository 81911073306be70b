import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { normalBandResponseSchema, type CalendarDay, type GraphType, type NormalBandResponse } from '@portal/contracts';
import { apiRequest } from '../../lib/api-client';

export interface NormalBandRequest {
  graphType: GraphType;
  locationNdx: number;
  /** Calendar days in the district zone, both inclusive. */
  startDate: CalendarDay;
  endDate: CalendarDay;
}

/**
 * GET /api/series-normals/{locationNdx}/band: for each day of the range, its day of year's
 * percentiles of the series the graph of `graphType` shows. The bearer token goes along when
 * signed in, so staff also reach private locations.
 */
export function getNormalBand(req: NormalBandRequest, signal?: AbortSignal): Promise<NormalBandResponse> {
  const query = new URLSearchParams({ type: req.graphType, startDate: req.startDate, endDate: req.endDate });
  return apiRequest(`series-normals/${req.locationNdx}/band?${query.toString()}`, { schema: normalBandResponseSchema, signal });
}

/** Keyed on the caller too: a staff answer may hold a private location's statistics. */
export const normalBandQueryOptions = (req: NormalBandRequest, sub: string | undefined) =>
  queryOptions({
    queryKey: ['series-normals', 'band', req.graphType, req.locationNdx, req.startDate, req.endDate, sub ?? 'anonymous'],
    queryFn: ({ signal }) => getNormalBand(req, signal),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });

/** The band of a request; null asks for nothing (a 15-minute graph, the band switched off). */
export function useNormalBand(req: NormalBandRequest | null, sub: string | undefined) {
  return useQuery({
    ...normalBandQueryOptions(req ?? { graphType: 'flow', locationNdx: 0, startDate: '' as CalendarDay, endDate: '' as CalendarDay }, sub),
    enabled: req !== null,
  });
}
