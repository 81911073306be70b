import { sql } from 'kysely';
import type { AlertRule } from './alert-rule';

/** Time-based: evaluated on the schedule too, since silence brings no new data to react to. */
export const staleStation: AlertRule = {
  comparison: 'stale',
  summary:
    'No new data (hours): the newest reading of the series is more than trigger_value hours old; a series that never reported counts from the time the alert was created.',
  fires: (x) => sql<boolean>`(coalesce(${x.lastTimestamp}, ${x.createdAt}) < ${x.now} - ${x.trigger} * interval '1 hour')`,
  headline: (r) =>
    r.time === null
      ? `No ${r.parameter} data has arrived, for more than ${r.trigger} hours.`
      : `No new ${r.parameter} data for more than ${r.trigger} hours; the last reading was ${r.value}${r.units}.`,
};
