import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewEditsKey } from './get-review-edits';
import { reviewSeriesKey } from './get-review-series';

/** POST /api/data-review/edits/{editId}/undo (204): removes the change's effect; the list keeps it as undone. */
export function useUndoReviewEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (editId: number) => apiRequest<unknown>(`data-review/edits/${editId}/undo`, { method: 'POST' }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewSeriesKey }),
        queryClient.invalidateQueries({ queryKey: reviewEditsKey }),
        queryClient.invalidateQueries({ queryKey: ['data-review', 'flagged-periods'] }),
      ]);
    },
  });
}
