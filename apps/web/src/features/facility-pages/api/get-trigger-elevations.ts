import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { triggerElevationSchema, type TriggerElevation } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/facility-trigger-elevations/{ndx}: the banner's wells (empty for most facilities). */
export function getTriggerElevations(facilityNdx: number, signal?: AbortSignal): Promise<TriggerElevation[]> {
  return apiRequest(`facility-trigger-elevations/${facilityNdx}`, { schema: z.array(triggerElevationSchema), signal });
}

export function useTriggerElevations(facilityNdx: number, sub: string | undefined) {
  return useQuery({
    queryKey: ['facilities', 'trigger-elevations', facilityNdx, sub ?? 'anonymous'],
    queryFn: ({ signal }) => getTriggerElevations(facilityNdx, signal),
    staleTime: 60_000,
  });
}
