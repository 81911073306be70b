import { useMemo, useState } from 'react';
import type { FlaggedPeriod } from '@portal/contracts';
import type { PickedRange } from '../../../components/date-range/date-range-check';
import { districtTimeZone, districtToday } from '../../../lib/time';
import { daysAround, defaultDays } from '../lib/review-time';

/** The range the page's actions work on: ISO instants, both ends included. */
export interface Selection {
  start: string;
  end: string;
}

export interface ReviewState {
  locationNdx: number | null;
  parameterNdx: number | null;
  days: PickedRange;
  /** ISO instant of the read-only "as of" view; null for the current series. */
  asOf: string | null;
  selection: Selection | null;
}

/**
 * What the review page looks at: one series (location x parameter), the days read, the "as of"
 * instant and the selected range. Choosing another series or other days clears the selection.
 */
export function useReviewState() {
  const [state, setState] = useState<ReviewState>(() => ({
    locationNdx: null,
    parameterNdx: null,
    days: defaultDays(districtToday()),
    asOf: null,
    selection: null,
  }));
  const actions = useMemo(
    () => ({
      setSeries: (locationNdx: number | null, parameterNdx: number | null) =>
        setState((s) => ({ ...s, locationNdx, parameterNdx, selection: null })),
      setDays: (days: PickedRange) => setState((s) => ({ ...s, days, selection: null })),
      setAsOf: (asOf: string | null) => setState((s) => ({ ...s, asOf })),
      setSelection: (selection: Selection | null) =>
        setState((s) => (s.selection?.start === selection?.start && s.selection?.end === selection?.end ? s : { ...s, selection })),
      /** A flagged period: its series, a day either side of it, and the period itself selected. */
      openPeriod: (p: FlaggedPeriod) =>
        setState((s) => ({
          ...s,
          locationNdx: p.location_ndx,
          parameterNdx: p.parameter_ndx,
          days: daysAround(p.start, p.end, districtTimeZone()),
          selection: { start: p.start, end: p.end },
        })),
    }),
    [],
  );
  return { state, ...actions };
}
