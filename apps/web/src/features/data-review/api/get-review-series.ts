import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dataReviewSeriesResponseSchema, type DataReviewSeriesResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export interface ReviewSeriesRequest {
  locationNdx: number;
  parameterNdx: number;
  /** ISO instants. */
  start: string;
  end: string;
  /** Rebuild the series as it stood at this instant (read-only view). */
  asOf: string | null;
}

export const reviewSeriesKey = ['data-review', 'series'] as const;

/** GET /api/data-review/series/{locationNdx}/{parameterNdx}?start&end[&asOf]: raw and corrected rows. */
export function getReviewSeries(req: ReviewSeriesRequest, signal?: AbortSignal): Promise<DataReviewSeriesResponse> {
  const query = new URLSearchParams({ start: req.start, end: req.end });
  if (req.asOf) query.set('asOf', req.asOf);
  return apiRequest(`data-review/series/${req.locationNdx}/${req.parameterNdx}?${query}`, {
    schema: dataReviewSeriesResponseSchema,
    signal,
  });
}

export function useReviewSeries(req: ReviewSeriesRequest | null) {
  return useQuery({
    queryKey: [...reviewSeriesKey, req],
    queryFn: ({ signal }) => getReviewSeries(req!, signal),
    enabled: req !== null,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
}
