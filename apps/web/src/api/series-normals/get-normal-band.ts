import { useMemo } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { normalBandResponseSchema, type CalendarDay, type GraphType, type NormalBandResponse } from '@portal/contracts';
import type { NormalBandDay } from '../../components/charts/time-series-chart';
import { apiRequest } from '../../lib/api-client';
import { districtTimeZone } from '../../lib/time';
import { bandDaysOf } from './band-days';

/** The series is the one the location's graph of `graphType` shows, or its series of `parameterNdx`. */
export type NormalBandRequest = {
  locationNdx: number;
  /** Calendar days in the district zone, both inclusive. */
  startDate: CalendarDay;
  endDate: CalendarDay;
} & ({ graphType: GraphType; parameterNdx?: undefined } | { parameterNdx: number; graphType?: undefined });

/**
 * GET /api/series-normals/{locationNdx}/band: for each day of the range, its day of year's
 * percentiles of the series the graph of `graphType` shows. The bearer token goes along when
 * signed in, so staff also reach private locations.
 */
export function getNormalBand(req: NormalBandRequest, signal?: AbortSignal): Promise<NormalBandResponse> {
  const query = new URLSearchParams({ startDate: req.startDate, endDate: req.endDate });
  if (req.parameterNdx !== undefined) query.set('parameter', String(req.parameterNdx));
  else query.set('type', req.graphType);
  return apiRequest(`series-normals/${req.locationNdx}/band?${query.toString()}`, { schema: normalBandResponseSchema, signal });
}

/** Keyed on the caller too: a staff answer may hold a private location's statistics. */
export const normalBandQueryOptions = (req: NormalBandRequest, sub: string | undefined) =>
  queryOptions({
    queryKey: [
      'series-normals',
      'band',
      req.graphType ?? `parameter-${req.parameterNdx}`,
      req.locationNdx,
      req.startDate,
      req.endDate,
      sub ?? 'anonymous',
    ],
    queryFn: ({ signal }) => getNormalBand(req, signal),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });

/** The band of a request; null asks for nothing (a 15-minute graph, the band switched off). */
export function useNormalBand(req: NormalBandRequest | null, sub: string | undefined) {
  return useQuery({
    ...normalBandQueryOptions(req ?? { graphType: 'flow', locationNdx: 0, startDate: '' as CalendarDay, endDate: '' as CalendarDay }, sub),
    enabled: req !== null,
  });
}

/** The band's days ready to draw (stamped at the district's local midnights); empty while off or loading. */
export function useNormalBandDays(req: NormalBandRequest | null, sub: string | undefined): NormalBandDay[] {
  const band = useNormalBand(req, sub);
  const on = req !== null;
  return useMemo(() => (on ? bandDaysOf(band.data, districtTimeZone()) : []), [on, band.data]);
}
