import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parameterChecksListSchema, parameterChecksRowSchema, type ParameterChecks } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

const parameterChecksKey = ['data-review', 'parameter-checks'] as const;

/** GET /api/data-review/parameter-checks: every parameter's automatic checks (null: the check is off). */
export function useParameterChecks() {
  return useQuery({
    queryKey: parameterChecksKey,
    queryFn: ({ signal }) => apiRequest('data-review/parameter-checks', { schema: parameterChecksListSchema, signal }),
  });
}

/** PUT /api/data-review/parameter-checks/{parameterNdx}: one parameter's checks, used by the next imports. */
export function useUpdateParameterChecks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ parameterNdx, checks }: { parameterNdx: number; checks: ParameterChecks }) =>
      apiRequest(`data-review/parameter-checks/${parameterNdx}`, { method: 'PUT', body: checks, schema: parameterChecksRowSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parameterChecksKey }),
  });
}
