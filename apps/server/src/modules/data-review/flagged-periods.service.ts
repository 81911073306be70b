import type { FlaggedPeriodsResponse } from '@portal/contracts';
import type { Db } from '../../db/client';
import type { Caller } from '../../access/access-policy';
import { listFlaggedPeriods } from './flagged-periods.repository';

/** The list reads at most this many of the newest flagged values, and shows at most this many periods. */
const SCANNED_VALUES = 20_000;
const MAX_PERIODS = 200;

/** Flagged periods to look at first, newest first, of the series the caller may read. */
export async function flaggedPeriods(db: Db, caller: Caller): Promise<FlaggedPeriodsResponse> {
  return { periods: await listFlaggedPeriods(db, caller, SCANNED_VALUES, MAX_PERIODS) };
}
