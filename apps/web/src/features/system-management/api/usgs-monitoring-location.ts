import { useMutation } from '@tanstack/react-query';
import { monitoringLocationSchema, type MonitoringLocation } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/usgs-monitoring-location (bearer, admin): a USGS monitoring location's name and point. */
export function getUsgsMonitoringLocation(monitoringLocationId: string): Promise<MonitoringLocation> {
  const q = new URLSearchParams({ monitoring_location_id: monitoringLocationId.trim() });
  return apiRequest(`usgs-monitoring-location?${q.toString()}`, { schema: monitoringLocationSchema });
}

/** A mutation, not a query: it runs when the administrator presses Fill from USGS. */
export function useFillFromUsgs() {
  return useMutation({ mutationFn: getUsgsMonitoringLocation });
}
