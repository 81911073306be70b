import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { drillDownGraphSchema, type DayRange, type DrillDownGraph, type Interval } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/get-display-facility/graph-{interval}/{ndx}/{startDate}/{endDate}/{locationNdxs}. */
export function getDrillDownGraph(
  facilityNdx: number,
  interval: Interval,
  range: DayRange,
  locations: readonly number[],
  signal?: AbortSignal,
): Promise<DrillDownGraph> {
  return apiRequest(`get-display-facility/graph-${interval}/${facilityNdx}/${range.startDate}/${range.endDate}/${locations.join(',')}`, {
    schema: drillDownGraphSchema,
    signal,
  });
}

export function useDrillDownGraph(
  facilityNdx: number,
  interval: Interval,
  range: DayRange,
  locations: readonly number[],
  sub: string | undefined,
) {
  return useQuery({
    queryKey: [
      'facilities',
      'drill-down-graph',
      facilityNdx,
      interval,
      range.startDate,
      range.endDate,
      locations.join(','),
      sub ?? 'anonymous',
    ],
    queryFn: ({ signal }) => getDrillDownGraph(facilityNdx, interval, range, locations, signal),
    enabled: locations.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
