import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { tsCompareParameterSchema } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/ts-compare-dropdown-parameters with the bearer token: the names and units of the parameters the caller may read. */
export function useReviewParameters(caller: string | null) {
  return useQuery({
    queryKey: ['data-review', 'parameters', caller],
    enabled: caller !== null,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => apiRequest('ts-compare-dropdown-parameters', { schema: z.array(tsCompareParameterSchema), signal }),
  });
}
