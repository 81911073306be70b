import { useQuery } from '@tanstack/react-query';
import { wellCurrentValueSchema } from '@portal/contracts';
import { z } from 'zod';
import { dashboardQueryOptions } from './dashboard-query';

/** GET /api/get-display-facility/eccv-current-values-by-well/graph/{facilityNdx}: Newest level and pumping rate per well (the chart). */
export const wellValuesQueryOptions = (facilityNdx: number, sub: string | undefined) =>
  dashboardQueryOptions('eccv-current-values-by-well/graph', facilityNdx, sub, z.array(wellCurrentValueSchema));

export function useWellValues(facilityNdx: number, sub: string | undefined) {
  return useQuery({ ...wellValuesQueryOptions(facilityNdx, sub), enabled: Boolean(sub) });
}
