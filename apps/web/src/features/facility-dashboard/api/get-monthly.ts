import { useQuery } from '@tanstack/react-query';
import { monthlyResponseSchema } from '@portal/contracts';
import { dashboardQueryOptions } from './dashboard-query';

/** GET /api/get-display-facility/monthly/{facilityNdx}: Monthly values of the current water year. */
export const monthlyQueryOptions = (facilityNdx: number, sub: string | undefined) =>
  dashboardQueryOptions('monthly', facilityNdx, sub, monthlyResponseSchema);

export function useMonthly(facilityNdx: number, sub: string | undefined) {
  return useQuery({ ...monthlyQueryOptions(facilityNdx, sub), enabled: Boolean(sub) });
}
