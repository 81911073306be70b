import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { alertDeliverySchema } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/alerts-delivery-log (bearer, admin): the outbox and delivery log, newest first. */
export function useDeliveryLog() {
  return useQuery({
    queryKey: ['alerts', 'delivery-log'],
    queryFn: ({ signal }) => apiRequest('alerts-delivery-log?limit=1000', { schema: z.array(alertDeliverySchema), signal }),
    refetchInterval: 30_000,
  });
}
