import { useQuery } from '@tanstack/react-query';
import { mobileReportResponseSchema, type MobileOverviewReport, type MobileReportRow } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/display-mobile/{storage|recharge|augmentation|wells}: the cells of one overview pivot. */
export function getOverviewReport(report: MobileOverviewReport, signal?: AbortSignal): Promise<MobileReportRow[]> {
  return apiRequest(`display-mobile/${report}`, { schema: mobileReportResponseSchema, signal });
}

export function useOverviewReport(report: MobileOverviewReport) {
  return useQuery({ queryKey: ['mobile-tracker', report], queryFn: ({ signal }) => getOverviewReport(report, signal) });
}
