import { describe, expect, it } from 'vitest';
import { drillDownReducer, initialDrillDown } from './drill-down-state';

describe('data drill down state', () => {
  it('defaults to the first interval and the last days range, then selects all loaded options once', () => {
    let s = initialDrillDown();
    expect([s.interval, s.daysRange]).toEqual(['daily', 365]);
    s = drillDownReducer(s, { type: 'options', locations: [4, 5], parameters: [1, 2] });
    expect([s.graphLocations, s.tableParameters, s.graphParameters]).toEqual([
      [4, 5],
      [1, 2],
      [1, 2],
    ]);
    expect(drillDownReducer(s, { type: 'options', locations: [9], parameters: [9] })).toBe(s);
  });

  it('never removes the last selected item', () => {
    let s = drillDownReducer(initialDrillDown(), { type: 'options', locations: [4, 5], parameters: [1] });
    s = drillDownReducer(s, { type: 'select', field: 'graphLocations', values: [5] });
    expect(s.graphLocations).toEqual([5]);
    expect(drillDownReducer(s, { type: 'select', field: 'graphLocations', values: [] }).graphLocations).toEqual([5]);
  });

  it('resets a range the new interval disables to the last option', () => {
    let s = drillDownReducer(initialDrillDown(), { type: 'interval', interval: '15min' });
    s = drillDownReducer(s, { type: 'daysRange', days: 1 });
    expect(s.daysRange).toBe(1);
    s = drillDownReducer(s, { type: 'interval', interval: 'daily' });
    expect(s.daysRange).toBe(365);
    // A disabled range cannot be chosen.
    expect(drillDownReducer(s, { type: 'daysRange', days: 1 }).daysRange).toBe(365);
  });
});
