import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parameterCodeListSchema, parameterCodeRowSchema, type ParameterCodeRow } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

const key = ['system-management', 'parameter-codes'];

/** GET /api/parameter-codes (bearer, admin): every parameter with its unit and USGS parameter code. */
export function useParameterCodes() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest('parameter-codes', { schema: parameterCodeListSchema, signal }),
  });
}

/** PUT /api/parameter-codes/{parameterNdx} (bearer, admin, audited): five digits, or '' for none. */
export function useSaveParameterCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ parameterNdx, code }: { parameterNdx: number; code: string }) =>
      apiRequest(`parameter-codes/${parameterNdx}`, {
        method: 'PUT',
        body: { usgs_parameter_code: code },
        schema: parameterCodeRowSchema,
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData<ParameterCodeRow[]>(key, (rows) => rows?.map((r) => (r.parameter_ndx === saved.parameter_ndx ? saved : r))),
  });
}
