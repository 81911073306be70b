import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { alertLocationOptionSchema, alertParameterOptionSchema, alertTypeOptionSchema, sendToOptionSchema } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/alerts-list-alert-types (bearer, admin). */
export function useAlertTypes() {
  return useQuery({
    queryKey: ['alerts', 'types'],
    queryFn: ({ signal }) => apiRequest('alerts-list-alert-types', { schema: z.array(alertTypeOptionSchema), signal }),
  });
}

/** GET /api/alerts-list-locations (bearer, admin): locations that measure something. */
export function useAlertLocations() {
  return useQuery({
    queryKey: ['alerts', 'locations'],
    queryFn: ({ signal }) => apiRequest('alerts-list-locations', { schema: z.array(alertLocationOptionSchema), signal }),
  });
}

/** GET /api/alerts-list-parameters (bearer, admin): parameters with the locations that measure them. */
export function useAlertParameters() {
  return useQuery({
    queryKey: ['alerts', 'parameters'],
    queryFn: ({ signal }) => apiRequest('alerts-list-parameters', { schema: z.array(alertParameterOptionSchema), signal }),
  });
}

/** GET /api/alerts-list-send-to (bearer, admin): groups and contacts. */
export function useSendToOptions() {
  return useQuery({
    queryKey: ['alerts', 'send-to'],
    queryFn: ({ signal }) => apiRequest('alerts-list-send-to', { schema: z.array(sendToOptionSchema), signal }),
  });
}
