import { useQuery } from '@tanstack/react-query';
import { wellValuesTableSchema } from '@portal/contracts';
import { dashboardQueryOptions } from './dashboard-query';

/** GET /api/get-display-facility/eccv-current-values-by-well/table/{facilityNdx}: Newest values per well as a table (metric column, one column per well). */
export const wellTableQueryOptions = (facilityNdx: number, sub: string | undefined) =>
  dashboardQueryOptions('eccv-current-values-by-well/table', facilityNdx, sub, wellValuesTableSchema);

export function useWellTable(facilityNdx: number, sub: string | undefined) {
  return useQuery({ ...wellTableQueryOptions(facilityNdx, sub), enabled: Boolean(sub) });
}
