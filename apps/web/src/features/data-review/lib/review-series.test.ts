import { describe, expect, it } from 'vitest';
import type { DataReviewRow } from '@portal/contracts';
import { isolatedPoints } from './review-chart-option';
import { toChartData } from './review-series';

const row = (m: number, raw: number | null, value: number | null, extra: Partial<DataReviewRow> = {}): DataReviewRow => ({
  time: new Date(Date.UTC(2026, 4, 1, 0, m)).toISOString(),
  raw,
  value,
  approval_status: 'Provisional',
  qualifiers: [],
  ...extra,
});
const t = (m: number) => Date.UTC(2026, 4, 1, 0, m);

describe('toChartData', () => {
  it('splits raw, corrected, flagged points and approved runs', () => {
    const data = toChartData([
      row(0, 1, 1, { approval_status: 'Approved' }),
      row(15, 2, 2.5, { approval_status: 'Approved', qualifiers: ['A'] }),
      row(30, 9, null, { qualifiers: ['SPIKE'] }),
      row(45, null, 4, { approval_status: 'Approved' }),
    ]);
    expect(data.raw).toEqual([
      [t(0), 1],
      [t(15), 2],
      [t(30), 9],
    ]);
    expect(data.corrected).toEqual([
      [t(0), 1],
      [t(15), 2.5],
      [t(45), 4],
    ]);
    // A deleted flagged value is marked where it arrived; the grade 'A' flags nothing.
    expect(data.flagged).toEqual([[t(30), 9]]);
    expect(data.approvedSpans).toEqual([
      [t(0), t(15)],
      [t(45), t(45)],
    ]);
  });
});

describe('isolatedPoints', () => {
  it('keeps the points with a gap on both sides', () => {
    expect(
      isolatedPoints([
        [1, 5],
        [2, null],
        [3, 6],
        [4, 7],
        [5, null],
        [6, 8],
      ]),
    ).toEqual([
      [1, 5],
      [6, 8],
    ]);
  });
});
