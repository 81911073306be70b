import { useQuery } from '@tanstack/react-query';
import { ignitionDemoSchema } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/ignition-demo (bearer, admin): the SCADA site from SCADA_URL, or null. */
export function useIgnitionDemo() {
  return useQuery({
    queryKey: ['system-management', 'ignition-demo'],
    queryFn: ({ signal }) => apiRequest('ignition-demo', { schema: ignitionDemoSchema, signal }),
  });
}
