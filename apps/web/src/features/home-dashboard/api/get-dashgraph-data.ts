import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { homeDashboardResponseSchema, type HomeDashboardRow } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/display-dashgraph-data-hourly/{parameter}/{hours}: newest value per location as of `hours` ago. */
export function getDashgraphData(parameter: number, hours: number, signal?: AbortSignal): Promise<HomeDashboardRow[]> {
  return apiRequest(`display-dashgraph-data-hourly/${parameter}/${hours}`, { schema: homeDashboardResponseSchema, signal });
}

export function useDashgraphData(parameter: number | null, hours: number) {
  return useQuery({
    queryKey: ['home-dashboard', 'data', parameter, hours],
    queryFn: ({ signal }) => getDashgraphData(parameter!, hours, signal),
    enabled: parameter !== null,
    // The chart keeps the last answer while the next lookback loads instead of blinking empty.
    placeholderData: keepPreviousData,
  });
}
