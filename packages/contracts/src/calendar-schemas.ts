import { z } from 'zod';
import {
  dayRangeMessage,
  dayRangeProblem,
  parseCalendarDay,
  toCalendarDay,
  type CalendarDay,
  type DayRange,
  type Interval,
} from './calendar';

/** Calendar-day request and answer fields (the days' rules themselves are in calendar.ts). */

/** A strict 'YYYY-MM-DD' real date (responses, stored values). */
export const calendarDaySchema = z
  .string()
  .refine((text) => toCalendarDay(text) !== null, { message: 'a real calendar day written YYYY-MM-DD' })
  .transform((text) => toCalendarDay(text) as CalendarDay);

/** A required request day (MM/dd/yyyy or YYYY-MM-DD) parsed to a calendar day, with a message naming the field. */
export const calendarDayInput = (label: string) =>
  z
    .string({ message: `${label} is required (MM/dd/yyyy or YYYY-MM-DD)` })
    .trim()
    .transform((text, ctx) => {
      const day = parseCalendarDay(text);
      if (!day) {
        ctx.addIssue({ code: 'custom', message: `${label} "${text}" is not a valid date (MM/dd/yyyy or YYYY-MM-DD)` });
        return z.NEVER;
      }
      return day;
    });

/** Request fields of a day range: startDate and endDate, each MM/dd/yyyy or YYYY-MM-DD. */
export const dayRangeInputShape = { startDate: calendarDayInput('startDate'), endDate: calendarDayInput('endDate') };

/** superRefine step of a request range: refuses (on endDate) a range out of order or too long for the interval. */
export function refineDayRange(body: DayRange, interval: Interval, label: string, ctx: z.RefinementCtx): void {
  const problem = dayRangeProblem(body, interval);
  if (!problem) return;
  const message =
    problem.kind === 'order' ? `endDate ${body.endDate} is before startDate ${body.startDate}` : dayRangeMessage(problem, label);
  ctx.addIssue({ code: 'custom', path: ['endDate'], message });
}
