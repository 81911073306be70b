import { describe, expect, it } from 'vitest';
import { createRng, hashString, rngFor } from './prng';

describe('seeded PRNG', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = Array.from({ length: 100 }, () => a.next());
    expect(Array.from({ length: 100 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 100 }, () => c.next())).not.toEqual(seqA);
  });

  it('keeps every draw inside its range', () => {
    const r = createRng(7);
    for (let i = 0; i < 10_000; i++) {
      const u = r.next();
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      const n = r.int(3, 9);
      expect(Number.isInteger(n) && n >= 3 && n <= 9).toBe(true);
      const x = r.range(-2, 5);
      expect(x >= -2 && x < 5).toBe(true);
    }
  });

  it('reaches both ends of an integer range and is roughly uniform', () => {
    const r = createRng(1);
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[r.int(0, 5)]++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });

  it('draws normal values with the asked spread', () => {
    const r = createRng(99);
    const xs = Array.from({ length: 20_000 }, () => r.normal(2));
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(Math.abs(sd - 2)).toBeLessThan(0.05);
  });

  it('derives labelled streams that do not depend on earlier draws elsewhere', () => {
    const first = rngFor(5, 'series:TW-11:level').next();
    createRng(5).next();
    expect(rngFor(5, 'series:TW-11:level').next()).toBe(first);
    expect(rngFor(5, 'series:TW-13:level').next()).not.toBe(first);
    expect(hashString('abc')).toBe(hashString('abc'));
  });

  it('shuffles deterministically without losing items', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const s1 = createRng(3).shuffle(items);
    expect(createRng(3).shuffle(items)).toEqual(s1);
    expect([...s1].sort((a, b) => a - b)).toEqual(items);
  });
});
