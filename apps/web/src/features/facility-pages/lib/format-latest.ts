import type { FacilityLatestValue } from '@portal/contracts';

// Two decimals at most, as the map's "most recent measurements" list shows them.
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 'Water Level: 4,981.5 ft' — the unit left out when the series has none. */
export function formatLatestValue(v: Pick<FacilityLatestValue, 'parameter_name' | 'result_value' | 'unit_desc'>): string {
  return `${v.parameter_name}: ${number.format(v.result_value)}${v.unit_desc ? ` ${v.unit_desc}` : ''}`;
}
