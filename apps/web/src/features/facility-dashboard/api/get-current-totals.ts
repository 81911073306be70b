import { useQuery } from '@tanstack/react-query';
import { currentTotalsSchema } from '@portal/contracts';
import { dashboardQueryOptions } from './dashboard-query';

/** GET /api/get-display-facility/eccv-current-totals/{facilityNdx}: Sum of the wells' newest pumping rates. */
export const currentTotalsQueryOptions = (facilityNdx: number, sub: string | undefined) =>
  dashboardQueryOptions('eccv-current-totals', facilityNdx, sub, currentTotalsSchema);

export function useCurrentTotals(facilityNdx: number, sub: string | undefined) {
  return useQuery({ ...currentTotalsQueryOptions(facilityNdx, sub), enabled: Boolean(sub) });
}
