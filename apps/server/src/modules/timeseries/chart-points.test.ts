import { describe, expect, it } from 'vitest';
import { unpackSeries } from './chart-points';

describe('unpackSeries: the packed columns PostgreSQL writes', () => {
  it('parses epoch milliseconds and values as float8 text writes them', () => {
    expect(unpackSeries({ t: '-86400000,0,1735714800000', v: '-0.5,1e-05,123456789.125' })).toEqual({
      t: [-86400000, 0, 1735714800000],
      v: [-0.5, 1e-5, 123456789.125],
    });
  });

  it('has no rows for a series without rows', () => {
    expect(unpackSeries(null)).toEqual({ t: [], v: [] });
  });

  it('refuses columns of different lengths rather than pair values with the wrong instants', () => {
    expect(() => unpackSeries({ t: '1,2', v: '3' })).toThrow(/2 instants but 1 values/);
  });
});
