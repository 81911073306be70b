import type { DashboardParameter, HomeDashboardRow } from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { listDashboardParameters, listLatestAsOf, parameterExists } from './home-dashboard.repository';

export function dashboardParameters(db: Db, caller: Caller): Promise<DashboardParameter[]> {
  return listDashboardParameters(db, caller);
}

/**
 * The latest value per location as it stood `hours` hours ago (0 = now): the lookback lets staff
 * compare "now" with earlier in the day.
 */
export async function dashgraphData(
  db: Db,
  caller: Caller,
  parameterNdx: number,
  hours: number,
  now = new Date(),
): Promise<HomeDashboardRow[]> {
  if (!(await parameterExists(db, parameterNdx))) throw notFound(`Parameter ${parameterNdx} was not found`);
  return listLatestAsOf(db, caller, parameterNdx, new Date(now.getTime() - hours * 3_600_000));
}
