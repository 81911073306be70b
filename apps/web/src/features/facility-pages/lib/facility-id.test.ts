import { describe, expect, it } from 'vitest';
import { parseFacilityId } from './facility-id';

describe('parseFacilityId', () => {
  it('accepts positive whole numbers', () => {
    expect(parseFacilityId('1')).toBe(1);
    expect(parseFacilityId('37')).toBe(37);
    expect(parseFacilityId('2147483647')).toBe(2147483647);
  });
  it('refuses everything else', () => {
    for (const bad of [undefined, '', '0', '-1', '01', '1.5', 'abc', '1e3', ' 1', '2147483648', '99999999999'])
      expect(parseFacilityId(bad), String(bad)).toBeNull();
  });
});
