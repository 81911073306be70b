import { useQuery } from '@tanstack/react-query';
import { lastFewResponseSchema } from '@portal/contracts';
import { dashboardQueryOptions } from './dashboard-query';

/** GET /api/get-display-facility/lastfew/{facilityNdx}: 'Last 6 hours': 15-minute values up to the facility's newest value. */
export const lastFewQueryOptions = (facilityNdx: number, sub: string | undefined) =>
  dashboardQueryOptions('lastfew', facilityNdx, sub, lastFewResponseSchema);

export function useLastFew(facilityNdx: number, sub: string | undefined) {
  return useQuery({ ...lastFewQueryOptions(facilityNdx, sub), enabled: Boolean(sub) });
}
