import { describe, expect, it } from 'vitest';
import { applyEdits, approvedRanges, driftOffset, overlappingRange, type EditStep } from './data-review-apply';

const step = (over: Partial<EditStep> & Pick<EditStep, 'action'>): EditStep => ({
  editId: 1,
  startMs: 0,
  endMs: 100,
  value: null,
  endValue: null,
  qualifier: null,
  ...over,
});
const base = [0, 25, 50, 75, 100, 125].map((ms) => ({ ms, raw: 10, rawQualifiers: ms === 125 ? 'P' : null }));

describe('applyEdits', () => {
  it('applies changes in order, only inside their ranges (ends included)', () => {
    const out = applyEdits(base, [
      step({ action: 'offset', value: 2, startMs: 25, endMs: 75 }),
      step({ action: 'set', value: 1, startMs: 50, endMs: 50 }),
      step({ action: 'offset', value: 1, startMs: 50, endMs: 100 }),
    ]);
    expect(out.map((p) => p.value)).toEqual([10, 12, 2, 13, 11, 10]);
    expect(out.map((p) => p.raw)).toEqual([10, 10, 10, 10, 10, 10]);
  });

  it('drift adds an offset linear in time from the start value to the end value', () => {
    const out = applyEdits(base, [step({ action: 'drift', value: 0, endValue: 4 })]);
    expect(out.map((p) => p.value)).toEqual([10, 11, 12, 13, 14, 10]);
    expect(driftOffset({ startMs: 5, endMs: 5, value: 3, endValue: 9 }, 5)).toBe(3);
  });

  it('delete leaves null, a later set gives a value back, an offset skips a deleted value', () => {
    const out = applyEdits(base, [
      step({ action: 'delete', startMs: 0, endMs: 50 }),
      step({ action: 'offset', value: 5, startMs: 0, endMs: 25 }),
      step({ action: 'set', value: 7, startMs: 50, endMs: 50 }),
    ]);
    expect(out.slice(0, 3).map((p) => p.value)).toEqual([null, null, 7]);
  });

  it('flags and unflags qualifiers; approve adds A and drops P, unapprove removes A', () => {
    const out = applyEdits(base, [
      step({ action: 'flag', qualifier: 'ICE', startMs: 100, endMs: 125 }),
      step({ action: 'approve', startMs: 100, endMs: 125 }),
      step({ action: 'unflag', qualifier: 'ICE', startMs: 100, endMs: 100 }),
      step({ action: 'unapprove', startMs: 125, endMs: 125 }),
    ]);
    expect(out[4].qualifiers).toEqual(['A']);
    expect(out[5].qualifiers).toEqual(['ICE']);
  });
});

describe('approvedRanges', () => {
  it('adds approved ranges and removes unapproved ones, in order', () => {
    const ranges = approvedRanges([
      step({ action: 'approve', startMs: 0, endMs: 100 }),
      step({ action: 'approve', startMs: 50, endMs: 200 }),
      step({ action: 'unapprove', startMs: 80, endMs: 120 }),
      step({ action: 'offset', value: 1, startMs: 0, endMs: 500 }),
    ]);
    expect(ranges).toEqual([
      { startMs: 0, endMs: 79 },
      { startMs: 121, endMs: 200 },
    ]);
    expect(overlappingRange(ranges, 80, 120)).toBeUndefined();
    expect(overlappingRange(ranges, 110, 121)).toEqual({ startMs: 121, endMs: 200 });
  });
});
