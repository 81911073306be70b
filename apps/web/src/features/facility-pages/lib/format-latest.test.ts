import { describe, expect, it } from 'vitest';
import { formatLatestValue } from './format-latest';

describe('formatLatestValue', () => {
  it('rounds to two decimals, groups thousands and appends the unit', () => {
    expect(formatLatestValue({ parameter_name: 'Water Level', result_value: 4981.256, unit_desc: 'ft' })).toBe('Water Level: 4,981.26 ft');
    expect(formatLatestValue({ parameter_name: 'Flow', result_value: -0.5, unit_desc: 'cfs' })).toBe('Flow: -0.5 cfs');
  });
  it('leaves the unit out when there is none', () => {
    expect(formatLatestValue({ parameter_name: 'Battery', result_value: 12, unit_desc: null })).toBe('Battery: 12');
  });
});
