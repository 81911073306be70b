import { useQuery } from '@tanstack/react-query';
import { TS_COMPARE_DATA_PATHS, tsCompareDataSchema, type CalendarDay, type Interval, type TsCompareData } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export interface CompareSideRequest {
  interval: Interval;
  parameter: number;
  locations: readonly number[];
  startDate: CalendarDay;
  endDate: CalendarDay;
}

/** GET /api/ts-compare-daily-data|ts-compare-raw-data/{parameter}/{locations}/{startDate}/{endDate}: one axis's data. */
export function getCompareData(req: CompareSideRequest, signal?: AbortSignal): Promise<TsCompareData> {
  const path = `${TS_COMPARE_DATA_PATHS[req.interval]}/${req.parameter}/${req.locations.join(',')}/${req.startDate}/${req.endDate}`;
  return apiRequest(path, { schema: tsCompareDataSchema, signal, auth: false });
}

/** One side's data; idle (no request) while `req` is null: the graph loads only on Submit. */
export function useCompareData(side: 'left' | 'right', req: CompareSideRequest | null, caller: string | null) {
  return useQuery({
    queryKey: ['ts-compare', 'data', side, req, caller],
    queryFn: ({ signal }) => getCompareData(req!, signal),
    enabled: req !== null && caller !== null,
    staleTime: 60_000,
  });
}
