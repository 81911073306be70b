import { AF_PER_CFS_DAY, AF_PER_GPM_DAY, type DashboardSeriesKind } from '@portal/contracts';

/** Rules of the facility dashboard that need no database (decision 0008); the water year lives in @portal/contracts (calendar.ts). */

/**
 * What a series measures, decided by its unit (and the parameter's value field for levels):
 * cfs is a flow, gpm a pumping rate, af a storage volume, % (or pct) percent full.
 */
export function seriesKind(unitDesc: string | null, valueField: string | null): DashboardSeriesKind {
  const unit = (unitDesc ?? '').trim().toLowerCase();
  if (unit === 'cfs') return 'flow';
  if (unit === 'gpm') return 'pumping';
  if (valueField === 'level_ft') return 'level';
  if (unit === 'af') return 'storage';
  if (unit === '%' || unit === 'pct') return 'percent';
  return 'other';
}

/**
 * Acre-feet delivered in one day at a daily mean rate: 1 cfs for a day is 1.983471 af; 1 gpm
 * for a day is 1440 gallons, and an acre-foot is 325,851 gallons. Null for kinds that are not rates.
 */
export function afPerDayFactor(kind: DashboardSeriesKind): number | null {
  if (kind === 'flow') return AF_PER_CFS_DAY;
  if (kind === 'pumping') return AF_PER_GPM_DAY;
  return null;
}
