import { useQuery } from '@tanstack/react-query';
import { mobileBatteriesResponseSchema, type MobileBattery } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/display-mobile/batteries: 7-day min and max battery voltage per station. */
export function getMobileBatteries(signal?: AbortSignal): Promise<MobileBattery[]> {
  return apiRequest('display-mobile/batteries', { schema: mobileBatteriesResponseSchema, signal });
}

export function useMobileBatteries() {
  return useQuery({ queryKey: ['mobile-tracker', 'batteries'], queryFn: ({ signal }) => getMobileBatteries(signal) });
}
