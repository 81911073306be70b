import { BATTERY_WINDOW_HOURS, roleFlags, type BatteryStatus, type SiteSummaryRow } from '@portal/contracts';
import type { Db } from '../../db/client';
import { listBatteryStatus, listSiteSummary, type StationScope } from './reports.repository';

/** Anonymous and role-less callers see public stations; any staff role sees every station (as the graph endpoints). */
export function scopeFor(roles: readonly string[]): StationScope {
  return { includePrivate: roleFlags(roles).isStaff };
}

/** The 7 × 24 hours up to `now`, both ends inclusive; readings stamped in the future are left out. */
export function batteryWindow(now: Date): { since: Date; until: Date } {
  return { since: new Date(now.getTime() - BATTERY_WINDOW_HOURS * 3_600_000), until: now };
}

export function batteriesFor(db: Db, roles: readonly string[], now: Date = new Date()): Promise<BatteryStatus[]> {
  const { since, until } = batteryWindow(now);
  return listBatteryStatus(db, scopeFor(roles), since, until);
}

export function siteSummaryFor(db: Db, roles: readonly string[]): Promise<SiteSummaryRow[]> {
  return listSiteSummary(db, scopeFor(roles));
}
