import { startOfDay, toCalendarDay, type NormalBandResponse } from '@portal/contracts';
import type { NormalBandDay } from '../../components/charts/time-series-chart';

/**
 * The band's days stamped like the daily graph's points (local midnight of each day in `zone`),
 * so each day's band sits under that day's mean.
 */
export function bandDaysOf(band: NormalBandResponse | undefined, zone: string): NormalBandDay[] {
  if (!band) return [];
  return band.days.flatMap((d) => {
    const day = toCalendarDay(d.date);
    if (!day) return [];
    return [{ at: startOfDay(day, zone).getTime(), min: d.min, p10: d.p10, p25: d.p25, p75: d.p75, p90: d.p90, max: d.max }];
  });
}
