import { BATTERY_WINDOW_HOURS, type BatteryStatus, type SiteSummaryRow } from '@portal/contracts';
import { mapAudienceOf, type Caller } from '../../access/access-policy';
import { mapLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';
import { listBatteryStatus, listSiteSummary, type StationFilter } from './reports.repository';

/** The reports list the map's stations the caller may read (decisions 0009 and 0012): never one excluded from the map. */
function stationsFor(caller: Caller): StationFilter {
  return mapLocation(mapAudienceOf(caller), 'l');
}

/** The 7 × 24 hours up to `now`, both ends inclusive; readings stamped in the future are left out. */
export function batteryWindow(now: Date): { since: Date; until: Date } {
  return { since: new Date(now.getTime() - BATTERY_WINDOW_HOURS * 3_600_000), until: now };
}

export function batteriesFor(db: Db, caller: Caller, now: Date = new Date()): Promise<BatteryStatus[]> {
  const { since, until } = batteryWindow(now);
  return listBatteryStatus(db, stationsFor(caller), since, until);
}

export function siteSummaryFor(db: Db, caller: Caller): Promise<SiteSummaryRow[]> {
  return listSiteSummary(db, stationsFor(caller));
}
