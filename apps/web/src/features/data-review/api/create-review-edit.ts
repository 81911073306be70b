import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataReviewEditCreatedSchema, type DataReviewEditBody } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';
import { reviewEditsKey } from './get-review-edits';
import { reviewSeriesKey } from './get-review-series';

/**
 * POST /api/data-review/series/{locationNdx}/{parameterNdx}/edits: one change, 201 { editId };
 * 409 with the server's message when it would change an approved range. The series and the list
 * of changes reload after it lands.
 */
export function useCreateReviewEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ locationNdx, parameterNdx, body }: { locationNdx: number; parameterNdx: number; body: DataReviewEditBody }) =>
      apiRequest(`data-review/series/${locationNdx}/${parameterNdx}/edits`, { method: 'POST', body, schema: dataReviewEditCreatedSchema }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewSeriesKey }),
        queryClient.invalidateQueries({ queryKey: reviewEditsKey }),
        queryClient.invalidateQueries({ queryKey: ['data-review', 'flagged-periods'] }),
      ]);
    },
  });
}
