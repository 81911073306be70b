import { describe, expect, it } from 'vitest';
import { drillDownTableBytes, mergeByInstant } from './drill-down-json';

describe('drill-down table JSON', () => {
  it('merges sorted series by instant, null where a series has no value then', () => {
    expect(
      mergeByInstant([
        { t: [1, 2, 4], v: [10, 20, 40] },
        { t: [2, 3], v: [0.5, -1] },
        { t: [], v: [] },
      ]),
    ).toEqual(['[1,10,null,null]', '[2,20,0.5,null]', '[3,null,-1,null]', '[4,40,null,null]']);
  });

  it('adds the rows to the head, from the series as PostgreSQL packs them', () => {
    const bytes = drillDownTableBytes('{"facility_ndx":7,"columns":[]}', [{ t: '1000,2000', v: '1.5,2' }, null]);
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual({
      facility_ndx: 7,
      columns: [],
      rows: [
        [1000, 1.5, null],
        [2000, 2, null],
      ],
    });
  });
});
