import { sql } from 'kysely';
import type { AlertRule } from './alert-rule';

/** Only for battery parameters (name containing "battery"; the API refuses others for this type). */
export const batteryBelow: AlertRule = {
  comparison: 'battery_below',
  summary: 'Battery below trigger: the newest reading of a battery-voltage series is less than trigger_value.',
  fires: (x) => sql<boolean>`(${x.lastValue} < ${x.trigger})`,
  headline: (r) => `Battery low: ${r.parameter} is ${r.value}${r.units}, below the trigger of ${r.trigger}${r.units}.`,
};
