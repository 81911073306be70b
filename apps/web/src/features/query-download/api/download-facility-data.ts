import { useMutation } from '@tanstack/react-query';
import type { QueryDownloadInterval, QueryDownloadRequestInput } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export interface DownloadVariables {
  interval: QueryDownloadInterval;
  body: QueryDownloadRequestInput;
}

/** POST /api/facility-query-download/data-15min | data-daily (bearer): the CSV as a blob. */
export function downloadFacilityData({ interval, body }: DownloadVariables): Promise<Blob> {
  return apiRequest<Blob>(`facility-query-download/data-${interval}`, { method: 'POST', body, responseType: 'blob' });
}

export function useDownloadFacilityData() {
  return useMutation({ mutationFn: downloadFacilityData });
}
