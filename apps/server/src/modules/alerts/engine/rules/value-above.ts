import { sql } from 'kysely';
import type { AlertRule } from './alert-rule';

export const valueAbove: AlertRule = {
  comparison: 'above',
  summary: 'Value above trigger: the newest reading of the series is greater than trigger_value.',
  fires: (x) => sql<boolean>`(${x.lastValue} > ${x.trigger})`,
  headline: (r) => `${r.parameter} is ${r.value}${r.units}, above the trigger of ${r.trigger}${r.units}.`,
};
