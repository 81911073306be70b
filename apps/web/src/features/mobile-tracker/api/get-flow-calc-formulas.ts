import { useQuery } from '@tanstack/react-query';
import { flowCalcFormulasResponseSchema, type FlowCalcFormula } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/display-mobile/available-flow-calcs-formulas. */
export function getFlowCalcFormulas(signal?: AbortSignal): Promise<FlowCalcFormula[]> {
  return apiRequest('display-mobile/available-flow-calcs-formulas', { schema: flowCalcFormulasResponseSchema, signal });
}

export function useFlowCalcFormulas() {
  return useQuery({ queryKey: ['mobile-tracker', 'formulas'], queryFn: ({ signal }) => getFlowCalcFormulas(signal) });
}
