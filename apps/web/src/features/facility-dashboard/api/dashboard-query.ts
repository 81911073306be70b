import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Fetches one widget's answer for a facility. */
export function getDashboardWidget<T>(widgetPath: string, facilityNdx: number, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  return apiRequest(`get-display-facility/${widgetPath}/${facilityNdx}`, { schema, signal });
}

/**
 * Shared query settings of the dashboard widgets (GET /api/get-display-facility/..., bearer).
 * New data arrives every 15 minutes, so an open page refreshes every 5 minutes.
 */
export function dashboardQueryOptions<T>(widgetPath: string, facilityNdx: number, sub: string | undefined, schema: z.ZodType<T>) {
  return queryOptions({
    queryKey: ['facility-dashboard', widgetPath, facilityNdx, sub ?? 'anonymous'],
    queryFn: ({ signal }) => getDashboardWidget(widgetPath, facilityNdx, schema, signal),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    retry: false,
  });
}
