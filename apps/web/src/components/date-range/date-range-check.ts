import { dayRangeProblem, type CalendarDay, type Interval } from '@portal/contracts';
import { DATE_FORMAT } from '../../lib/time';

/** A picked range: calendar days, or null while a field is empty or not a real date. */
export interface PickedRange {
  start: CalendarDay | null;
  end: CalendarDay | null;
}

export interface DateRangeCheck {
  startError: string | null;
  endError: string | null;
  /** Both days valid, in order and within the interval's longest range: the request may go out. */
  ok: boolean;
}

/** The messages under the fields, from the contracts' range rules (order, longest span per interval). */
export function checkDateRange(range: PickedRange, interval: Interval, intervalLabel: string): DateRangeCheck {
  const startError = range.start ? null : `Enter the start date as ${DATE_FORMAT}`;
  let endError = range.end ? null : `Enter the end date as ${DATE_FORMAT}`;
  if (range.start && range.end) {
    const problem = dayRangeProblem({ startDate: range.start, endDate: range.end }, interval);
    if (problem?.kind === 'order') endError = 'The end date is before the start date';
    else if (problem?.kind === 'span') endError = `${intervalLabel} covers at most ${problem.max} days`;
  }
  return { startError, endError, ok: !startError && !endError };
}
