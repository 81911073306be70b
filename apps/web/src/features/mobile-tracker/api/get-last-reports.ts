import { useQuery } from '@tanstack/react-query';
import { lastReportResponseSchema, type LastReport } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/display-mobile/lastreport: each facility's newest reading, oldest first. */
export function getLastReports(signal?: AbortSignal): Promise<LastReport[]> {
  return apiRequest('display-mobile/lastreport', { schema: lastReportResponseSchema, signal });
}

export function useLastReports() {
  return useQuery({ queryKey: ['mobile-tracker', 'lastreport'], queryFn: ({ signal }) => getLastReports(signal) });
}
