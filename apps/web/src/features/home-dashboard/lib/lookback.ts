import {
  HOME_LOOKBACK_TOO_HIGH,
  HOME_LOOKBACK_WHOLE_HOURS,
  HOME_MAX_LOOKBACK_HOURS,
  HOME_DEFAULT_PARAMETER_NDX,
  type DashboardParameter,
} from '@portal/contracts';

export type LookbackCheck = { ok: true; hours: number } | { ok: false; message: string | null };

/**
 * The lookback field: whole hours 0-24. Above 24 says 'Value must not exceed 24', a negative or
 * fractional number says what is allowed; neither is applied. An empty or half-typed entry
 * ('', '-') is simply not applied yet.
 */
export function checkLookback(text: string): LookbackCheck {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-') return { ok: false, message: null };
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: HOME_LOOKBACK_WHOLE_HOURS };
  const hours = Number(trimmed);
  if (hours > HOME_MAX_LOOKBACK_HOURS) return { ok: false, message: HOME_LOOKBACK_TOO_HIGH };
  return { ok: true, hours };
}

/** Parameter 67 when the list has it, else the first one. */
export function defaultParameter(parameters: readonly DashboardParameter[]): number | null {
  if (parameters.some((p) => p.parameter_ndx === HOME_DEFAULT_PARAMETER_NDX)) return HOME_DEFAULT_PARAMETER_NDX;
  return parameters[0]?.parameter_ndx ?? null;
}
