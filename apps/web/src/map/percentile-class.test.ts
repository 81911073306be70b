import { describe, expect, it } from 'vitest';
import type { LatestClass } from '@portal/contracts';
import { classOfLocations, PERCENTILE_CLASS_COLORS, percentileClassExpression } from './percentile-class';

const item = (location_ndx: number, value_field: string | null, cls: LatestClass['class']): LatestClass => ({
  location_ndx,
  parameter_ndx: 1,
  value_field,
  units: 'cfs',
  date: '2026-01-01',
  value: 1,
  decimals: null,
  percentile: null,
  class: cls,
});

describe('classOfLocations', () => {
  it("takes a location's flow before its water level and stage, whatever the order", () => {
    const chosen = classOfLocations([
      item(1, 'stage_ft', 'low'),
      item(1, 'flow_cfs', 'normal'),
      item(2, null, 'high'),
      item(2, 'level_ft', 'below_normal'),
    ]);
    expect(chosen.get(1)?.class).toBe('normal');
    expect(chosen.get(2)?.class).toBe('below_normal');
  });
});

describe('percentileClassExpression', () => {
  it("matches each location's feature id to its class colour, not ranked otherwise", () => {
    expect(percentileClassExpression([item(7, 'flow_cfs', 'much_above_normal'), item(9, 'flow_cfs', 'not_ranked')])).toEqual([
      'match',
      ['id'],
      7,
      PERCENTILE_CLASS_COLORS.much_above_normal,
      9,
      PERCENTILE_CLASS_COLORS.not_ranked,
      PERCENTILE_CLASS_COLORS.not_ranked,
    ]);
  });

  it('with no classes every location is grey', () => {
    expect(percentileClassExpression([])).toBe(PERCENTILE_CLASS_COLORS.not_ranked);
  });
});
