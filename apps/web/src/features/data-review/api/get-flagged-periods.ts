import { useQuery } from '@tanstack/react-query';
import { flaggedPeriodsResponseSchema } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/data-review/flagged-periods: runs of flagged values to look at first. */
export function useFlaggedPeriods() {
  return useQuery({
    queryKey: ['data-review', 'flagged-periods'],
    queryFn: ({ signal }) => apiRequest('data-review/flagged-periods', { schema: flaggedPeriodsResponseSchema, signal }),
    refetchOnWindowFocus: false,
  });
}
