import { useMutation } from '@tanstack/react-query';
import { runNowResultSchema, type RunNowResult } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/import-data-sources/{import_ndx}/run-now (bearer, admin): sets run_now and queues a run at once. */
export function runImportNow(importNdx: number): Promise<RunNowResult> {
  return apiRequest(`import-data-sources/${importNdx}/run-now`, { method: 'POST', schema: runNowResultSchema });
}

export function useRunImportNow() {
  return useMutation({ mutationFn: runImportNow });
}
