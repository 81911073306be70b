import { useQuery } from '@tanstack/react-query';
import { flowCalcNotesResponseSchema, type FlowCalcNote } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/display-mobile/available-flow-calcs-notes. */
export function getFlowCalcNotes(signal?: AbortSignal): Promise<FlowCalcNote[]> {
  return apiRequest('display-mobile/available-flow-calcs-notes', { schema: flowCalcNotesResponseSchema, signal });
}

export function useFlowCalcNotes() {
  return useQuery({ queryKey: ['mobile-tracker', 'notes'], queryFn: ({ signal }) => getFlowCalcNotes(signal) });
}
