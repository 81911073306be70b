import { sql } from 'kysely';
import type { AlertRule } from './alert-rule';

export const valueBelow: AlertRule = {
  comparison: 'below',
  summary: 'Value below trigger: the newest reading of the series is less than trigger_value.',
  fires: (x) => sql<boolean>`(${x.lastValue} < ${x.trigger})`,
  headline: (r) => `${r.parameter} is ${r.value}${r.units}, below the trigger of ${r.trigger}${r.units}.`,
};
