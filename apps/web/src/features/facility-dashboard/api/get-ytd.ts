import { useQuery } from '@tanstack/react-query';
import { ytdResponseSchema } from '@portal/contracts';
import { dashboardQueryOptions } from './dashboard-query';

/** GET /api/get-display-facility/ytd/{facilityNdx}: Water-year-to-date volumes of flows and pumping. */
export const ytdQueryOptions = (facilityNdx: number, sub: string | undefined) =>
  dashboardQueryOptions('ytd', facilityNdx, sub, ytdResponseSchema);

export function useYtd(facilityNdx: number, sub: string | undefined) {
  return useQuery({ ...ytdQueryOptions(facilityNdx, sub), enabled: Boolean(sub) });
}
