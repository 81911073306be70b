import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { alertRequestSchema, type AlertRequest, type AlertRequestInputBody } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export const alertsKey = ['alerts', 'requests'] as const;

/** GET /api/alerts-management-table (bearer, admin): every alert with recipient, newest value and last alert. */
export function getAlerts(signal?: AbortSignal): Promise<AlertRequest[]> {
  return apiRequest('alerts-management-table', { schema: z.array(alertRequestSchema), signal });
}

export function useAlerts() {
  // Refreshes now and then: "last alert sent" and the newest value change without the page doing anything.
  return useQuery(queryOptions({ queryKey: alertsKey, queryFn: ({ signal }) => getAlerts(signal), refetchInterval: 60_000 }));
}

/** POST (new) or PUT (edit) /api/alerts-management-table[/{alert_request_ndx}]. */
export function saveAlert({
  alertRequestNdx,
  body,
}: {
  alertRequestNdx: number | null;
  body: AlertRequestInputBody;
}): Promise<AlertRequest> {
  return alertRequestNdx === null
    ? apiRequest('alerts-management-table', { method: 'POST', body, schema: alertRequestSchema })
    : apiRequest(`alerts-management-table/${alertRequestNdx}`, { method: 'PUT', body, schema: alertRequestSchema });
}

/** PATCH /api/alerts-management-table/{alert_request_ndx}: the table's inline enabled switch. */
export function patchAlertEnabled({ alertRequestNdx, enabled }: { alertRequestNdx: number; enabled: boolean }): Promise<AlertRequest> {
  return apiRequest(`alerts-management-table/${alertRequestNdx}`, { method: 'PATCH', body: { enabled }, schema: alertRequestSchema });
}

export function useSaveAlert() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAlert, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['alerts'] }) });
}

export function usePatchAlertEnabled() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: patchAlertEnabled, onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }) });
}

/** DELETE /api/alerts-management-table/{alert_request_ndx}: the alert goes; its sent messages stay in the log. */
export async function deleteAlert(alertRequestNdx: number): Promise<void> {
  await apiRequest(`alerts-management-table/${alertRequestNdx}`, { method: 'DELETE' });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAlert, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['alerts'] }) });
}
