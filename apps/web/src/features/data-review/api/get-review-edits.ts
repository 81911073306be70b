import { useQuery } from '@tanstack/react-query';
import { dataReviewEditsResponseSchema } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export const reviewEditsKey = ['data-review', 'edits'] as const;

/** GET /api/data-review/series/{locationNdx}/{parameterNdx}/edits: the series' changes, newest first. */
export function useReviewEdits(series: { locationNdx: number; parameterNdx: number } | null) {
  return useQuery({
    queryKey: [...reviewEditsKey, series?.locationNdx, series?.parameterNdx],
    queryFn: ({ signal }) =>
      apiRequest(`data-review/series/${series!.locationNdx}/${series!.parameterNdx}/edits`, {
        schema: dataReviewEditsResponseSchema,
        signal,
      }),
    enabled: series !== null,
    refetchOnWindowFocus: false,
  });
}
