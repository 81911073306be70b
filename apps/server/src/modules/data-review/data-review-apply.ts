import type { DataReviewAction } from '@portal/contracts';

/**
 * The arithmetic of review changes, without SQL: the published series of a range is its raw
 * values with every change not undone applied in order of saving. Approval is kept twice: as
 * ranges (approve adds one, unapprove removes one, in order) that lock edits and hold imports
 * back, and as the qualifier 'A' on each approved value, which every reader of a value shows.
 */

/** The qualifier of an approved value (USGS's Approved, kept by the imports as 'A'). */
export const APPROVED_QUALIFIER = 'A';
/** The qualifier of a provisional value from USGS; approving a value drops it. */
export const PROVISIONAL_QUALIFIER = 'P';

export interface EditStep {
  editId: number;
  action: DataReviewAction;
  startMs: number;
  endMs: number;
  value: number | null;
  endValue: number | null;
  qualifier: string | null;
}

export interface BasePoint {
  ms: number;
  raw: number;
  rawQualifiers: string | null;
}

export interface PublishedPoint {
  ms: number;
  raw: number;
  /** null where a change deleted the value. */
  value: number | null;
  qualifiers: string[];
}

/** Splits a comma-separated qualifier list; null or empty gives none. */
export function qualifierList(text: string | null): string[] {
  if (!text) return [];
  return text
    .split(',')
    .map((q) => q.trim())
    .filter((q) => q.length > 0);
}

/** A qualifier list as stored: comma-separated, null when empty. */
export function qualifierText(list: readonly string[]): string | null {
  return list.length ? list.join(',') : null;
}

function withQualifier(list: string[], q: string): string[] {
  return list.includes(q) ? list : [...list, q];
}

/** The offset a drift correction adds at `ms`: linear in time from `value` at the start to `endValue` at the end. */
export function driftOffset(step: Pick<EditStep, 'startMs' | 'endMs' | 'value' | 'endValue'>, ms: number): number {
  const a = step.value ?? 0;
  const b = step.endValue ?? a;
  if (step.endMs <= step.startMs) return a;
  return a + ((b - a) * (ms - step.startMs)) / (step.endMs - step.startMs);
}

/** Applies one change to one point (the point lies in the change's range). */
function applyStep(p: PublishedPoint, step: EditStep): void {
  switch (step.action) {
    case 'delete':
      p.value = null;
      return;
    case 'set':
      p.value = step.value;
      return;
    case 'offset':
      if (p.value !== null) p.value += step.value ?? 0;
      return;
    case 'drift':
      if (p.value !== null) p.value += driftOffset(step, p.ms);
      return;
    case 'flag':
      p.qualifiers = withQualifier(p.qualifiers, step.qualifier!);
      return;
    case 'unflag':
      p.qualifiers = p.qualifiers.filter((q) => q !== step.qualifier);
      return;
    case 'approve':
      p.qualifiers = withQualifier(
        p.qualifiers.filter((q) => q !== PROVISIONAL_QUALIFIER),
        APPROVED_QUALIFIER,
      );
      return;
    case 'unapprove':
      p.qualifiers = p.qualifiers.filter((q) => q !== APPROVED_QUALIFIER);
      return;
  }
}

/** The published points of `base` (sorted by time) with `steps` applied in the order given. */
export function applyEdits(base: readonly BasePoint[], steps: readonly EditStep[]): PublishedPoint[] {
  const out: PublishedPoint[] = base.map((b) => ({ ms: b.ms, raw: b.raw, value: b.raw, qualifiers: qualifierList(b.rawQualifiers) }));
  for (const step of steps) {
    let i = lowerBound(out, step.startMs);
    for (; i < out.length && out[i].ms <= step.endMs; i++) applyStep(out[i], step);
  }
  return out;
}

/** Index of the first point at or after `ms` (points sorted by time). */
function lowerBound(points: readonly { ms: number }[], ms: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (points[mid].ms < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface MsRange {
  startMs: number;
  endMs: number;
}

/** The approved ranges left by the approve and unapprove changes in `steps`, in order; sorted, disjoint. */
export function approvedRanges(steps: readonly EditStep[]): MsRange[] {
  let ranges: MsRange[] = [];
  for (const s of steps) {
    if (s.action === 'approve') ranges = union(ranges, { startMs: s.startMs, endMs: s.endMs });
    else if (s.action === 'unapprove') ranges = subtract(ranges, { startMs: s.startMs, endMs: s.endMs });
  }
  return ranges;
}

function union(ranges: MsRange[], r: MsRange): MsRange[] {
  const all = [...ranges, r].sort((a, b) => a.startMs - b.startMs);
  const out: MsRange[] = [];
  for (const x of all) {
    const last = out[out.length - 1];
    if (last && x.startMs <= last.endMs) last.endMs = Math.max(last.endMs, x.endMs);
    else out.push({ ...x });
  }
  return out;
}

/** Removes [r.start, r.end] (inclusive) from the ranges; the pieces left keep their ends just outside it. */
function subtract(ranges: MsRange[], r: MsRange): MsRange[] {
  const out: MsRange[] = [];
  for (const x of ranges) {
    if (x.endMs < r.startMs || x.startMs > r.endMs) out.push(x);
    else {
      if (x.startMs < r.startMs) out.push({ startMs: x.startMs, endMs: r.startMs - 1 });
      if (x.endMs > r.endMs) out.push({ startMs: r.endMs + 1, endMs: x.endMs });
    }
  }
  return out;
}

/** The first approved range that shares an instant with [startMs, endMs], if any. */
export function overlappingRange(ranges: readonly MsRange[], startMs: number, endMs: number): MsRange | undefined {
  return ranges.find((r) => r.startMs <= endMs && r.endMs >= startMs);
}

/** Whether `ms` lies in one of the ranges. */
export function inRanges(ranges: readonly MsRange[], ms: number): boolean {
  return ranges.some((r) => r.startMs <= ms && ms <= r.endMs);
}
