import { useQuery } from '@tanstack/react-query';
import { pctFullRowSchema } from '@portal/contracts';
import { z } from 'zod';
import { dashboardQueryOptions } from './dashboard-query';

/** GET /api/get-display-facility/pctfull/{facilityNdx}: Percent full, storage and remaining capacity per reservoir. */
export const pctFullQueryOptions = (facilityNdx: number, sub: string | undefined) =>
  dashboardQueryOptions('pctfull', facilityNdx, sub, z.array(pctFullRowSchema));

export function usePctFull(facilityNdx: number, sub: string | undefined) {
  return useQuery({ ...pctFullQueryOptions(facilityNdx, sub), enabled: Boolean(sub) });
}
