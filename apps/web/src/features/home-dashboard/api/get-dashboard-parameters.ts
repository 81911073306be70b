import { useQuery } from '@tanstack/react-query';
import { dashboardParametersResponseSchema, type DashboardParameter } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/list-dashboard-parameters: parameters with data the caller may read. */
export function getDashboardParameters(signal?: AbortSignal): Promise<DashboardParameter[]> {
  return apiRequest('list-dashboard-parameters', { schema: dashboardParametersResponseSchema, signal });
}

export function useDashboardParameters() {
  return useQuery({ queryKey: ['home-dashboard', 'parameters'], queryFn: ({ signal }) => getDashboardParameters(signal) });
}
