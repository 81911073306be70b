import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCATION_COLOR } from '@portal/contracts';
import { colorByExpression } from './color-by';

const types = [
  { value: 10, display: 'Well', color: '#E31A1C' },
  { value: 11, display: 'Stream Gage', color: '#33A02C' },
];

describe('colorByExpression', () => {
  it("paints every location blue for 'default'", () => {
    expect(colorByExpression('default', types)).toBe(DEFAULT_LOCATION_COLOR);
    expect(DEFAULT_LOCATION_COLOR).toBe('#1F78B4');
  });

  it('matches the location type to its colour, blue for unknown types', () => {
    expect(colorByExpression('locationTypes', types)).toEqual([
      'match',
      ['get', 'location_type_ndx'],
      10,
      '#E31A1C',
      11,
      '#33A02C',
      '#1F78B4',
    ]);
  });

  it('stays blue while the location types have not loaded (a match needs at least one pair)', () => {
    expect(colorByExpression('locationTypes', [])).toBe('#1F78B4');
  });
});
