import { describe, expect, it } from 'vitest';
import { moveActive } from './listbox-navigation';

describe('moveActive', () => {
  it('starts at the first result going down and at the last going up', () => {
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(-1, 3, -1)).toBe(2);
  });
  it('moves one result and wraps around both ends', () => {
    expect(moveActive(0, 3, 1)).toBe(1);
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
  });
  it('has none in an empty list, and restarts when the list got shorter', () => {
    expect(moveActive(-1, 0, 1)).toBe(-1);
    expect(moveActive(5, 2, 1)).toBe(0);
    expect(moveActive(5, 2, -1)).toBe(1);
  });
});
