import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PackedSeries } from '../timeseries/index';
import { drillDownTableBytes } from './drill-down-json';

const HEAD = '{"facility_ndx":7,"label":"Brunnen Süd","columns":[]}';
const tableText = (packed: Array<PackedSeries | null>) => new TextDecoder().decode(drillDownTableBytes(HEAD, packed));

/** float8 text as PostgreSQL writes it: shortest exact digits, an exponent below 1e-4 and from 1e15 on. */
function pgFloat8Text(x: number): string {
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const [mantissa, exponent] = x.toExponential().split('e');
  const e = Number(exponent);
  if (e >= -4 && e < 15) return String(x);
  return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}
const pack = (points: Array<[number, number]>): PackedSeries | null =>
  points.length ? { t: points.map(([t]) => pgFloat8Text(t)).join(','), v: points.map(([, v]) => pgFloat8Text(v)).join(',') } : null;

/** The table as the packed texts parsed as JSON, merged by instant and written with JSON.stringify. */
function expectedText(series: Array<Array<[number, number]>>): string {
  const byInstant = new Map<number, Array<number | null>>();
  series.forEach((points, column) => {
    for (const [t, v] of points) {
      const row = byInstant.get(t) ?? series.map(() => null);
      row[column] = v;
      byInstant.set(t, row);
    }
  });
  const rows = [...byInstant].sort(([a], [b]) => a - b).map(([t, values]) => [t, ...values]);
  return JSON.stringify({ ...JSON.parse(HEAD), rows });
}

describe('drill-down table JSON', () => {
  it('merges series with gaps and different instants by instant, null where a series has no value then', () => {
    const text = tableText([{ t: '1000,2000,4000', v: '10,20.25,40' }, { t: '2000,3000.5', v: '0.5,-1.125' }, null]);
    expect(text).toBe(
      '{"facility_ndx":7,"label":"Brunnen Süd","columns":[],"rows":[[1000,10,null,null],[2000,20.25,0.5,null],[3000.5,null,-1.125,null],[4000,40,null,null]]}',
    );
  });

  it('writes each number as JSON.stringify does, whatever form PostgreSQL wrote it in', () => {
    const text = tableText([
      { t: '0,1e+15,1.5e+15', v: '-0,1e+20,5e-05' },
      { t: '1e+15', v: '-2.5e-300' },
    ]);
    expect(text).toBe(
      `{"facility_ndx":7,"label":"Brunnen Süd","columns":[],"rows":[[0,0,null],[1000000000000000,100000000000000000000,-2.5e-300],[1500000000000000,0.00005,null]]}`,
    );
  });

  it('equals the packed series parsed, merged by instant and stringified, for any series', () => {
    // Few quarter hours, so that series share instants, and some instants with fractions of a millisecond.
    const instant = fc.oneof(
      fc.integer({ min: 0, max: 40 }).map((q) => Date.UTC(2025, 0, 1) + q * 900_000),
      fc.double({ min: 0, max: 4e12, noNaN: true }),
    );
    const instants = fc.uniqueArray(instant, { maxLength: 30 });
    const series = fc.array(
      instants.chain((ts) =>
        fc
          .array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: ts.length, maxLength: ts.length })
          .map((vs) => [...ts].sort((a, b) => a - b).map((t, i): [number, number] => [t, vs[i]])),
      ),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(series, (s) => {
        expect(tableText(s.map(pack))).toBe(expectedText(s));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a packed series whose instants and values differ in number, or that holds no JSON number', () => {
    expect(() => tableText([{ t: '1,2', v: '1' }])).toThrow(/more instants than values/);
    expect(() => tableText([{ t: '1', v: '1,2' }])).toThrow(/more values than instants/);
    expect(() => tableText([{ t: '1,2', v: '1,NaN' }])).toThrow();
    expect(() => tableText([{ t: '1,2,3', v: '1,,3' }])).toThrow();
    expect(() => tableText([{ t: 'Infinity', v: '1' }])).toThrow();
  });
});
