import type { RawBuilder } from 'kysely';
import type { AlertComparison } from '../../../../db/schema';

/** The SQL expressions a rule may look at, for one alert request and its series. */
export interface RuleInputs {
  /** Newest reading of the series (null when it has none). */
  lastValue: RawBuilder<unknown>;
  /** Time of the newest reading (null when it has none). */
  lastTimestamp: RawBuilder<unknown>;
  /** When the alert request was created (a series that never reported is stale from then). */
  createdAt: RawBuilder<unknown>;
  trigger: RawBuilder<unknown>;
  /** The evaluation time. */
  now: RawBuilder<unknown>;
}

/** What a message says about the reading that fired. */
export interface FiredReading {
  parameter: string;
  value: string;
  units: string;
  trigger: string;
  /** 'MM/dd/yyyy, h:mm a' in the district zone, or null when the series never reported. */
  time: string | null;
}

/**
 * One alert type's rule, in one place (decision 0015): when it fires, and how the message words it.
 * The engine evaluates every rule set-wise in one SQL statement, so `fires` is a SQL predicate.
 */
export interface AlertRule {
  comparison: AlertComparison;
  /** One line for the README and the decision record. */
  summary: string;
  fires: (x: RuleInputs) => RawBuilder<boolean>;
  headline: (r: FiredReading) => string;
}
