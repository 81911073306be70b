import type { AlertComparison } from '../../../../db/schema';
import type { AlertRule } from './alert-rule';
import { batteryBelow } from './battery-below';
import { staleStation } from './stale-station';
import { valueAbove } from './value-above';
import { valueBelow } from './value-below';

export type { AlertRule, FiredReading, RuleInputs } from './alert-rule';

/** Every alert type's rule by alert_type.comparison; a type without a rule here cannot be stored (check constraint). */
export const ALERT_RULES: Record<AlertComparison, AlertRule> = {
  above: valueAbove,
  below: valueBelow,
  stale: staleStation,
  battery_below: batteryBelow,
};
