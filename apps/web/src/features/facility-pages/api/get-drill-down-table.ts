import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { drillDownTableSchema, type DayRange, type DrillDownTable, type Interval } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/get-display-facility/table-{interval}/{ndx}/{startDate}/{endDate}. */
export function getDrillDownTable(facilityNdx: number, interval: Interval, range: DayRange, signal?: AbortSignal): Promise<DrillDownTable> {
  return apiRequest(`get-display-facility/table-${interval}/${facilityNdx}/${range.startDate}/${range.endDate}`, {
    schema: drillDownTableSchema,
    signal,
  });
}

export function useDrillDownTable(facilityNdx: number, interval: Interval, range: DayRange, sub: string | undefined) {
  return useQuery({
    queryKey: ['facilities', 'drill-down-table', facilityNdx, interval, range.startDate, range.endDate, sub ?? 'anonymous'],
    queryFn: ({ signal }) => getDrillDownTable(facilityNdx, interval, range, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
