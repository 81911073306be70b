import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { tsCompareParameterSchema, type TsCompareParameter } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/ts-compare-dropdown-parameters: parameters with data at a location the caller may read. */
export function getCompareParameters(signal?: AbortSignal): Promise<TsCompareParameter[]> {
  return apiRequest('ts-compare-dropdown-parameters', { schema: z.array(tsCompareParameterSchema), signal, auth: false });
}

export function useCompareParameters(caller: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['ts-compare', 'parameters', caller],
      enabled: caller !== null,
      queryFn: ({ signal }) => getCompareParameters(signal),
      staleTime: 5 * 60_000,
    }),
  );
}
