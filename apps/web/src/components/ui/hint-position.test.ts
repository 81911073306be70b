import { describe, expect, it } from 'vitest';
import { hintPosition } from './hint-position';

const box = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});
const VIEWPORT = { width: 375, height: 740 };
const HINT = { width: 60, height: 20 };

describe('hintPosition', () => {
  it('puts the hint below the control, centred, 8 px away', () => {
    expect(hintPosition(box(100, 10, 40, 40), HINT, VIEWPORT, 'bottom')).toEqual({ left: 90, top: 58 });
  });

  it('keeps it inside the window by 4 px at either side', () => {
    expect(hintPosition(box(0, 10, 40, 40), HINT, VIEWPORT, 'bottom').left).toBe(4);
    expect(hintPosition(box(345, 10, 30, 40), HINT, VIEWPORT, 'bottom').left).toBe(375 - 60 - 4);
  });

  it('puts it above when there is no room below', () => {
    expect(hintPosition(box(100, 700, 40, 36), HINT, VIEWPORT, 'bottom').top).toBe(700 - 8 - 20);
  });

  it('puts it to the right, centred on the control, or to the left without room', () => {
    expect(hintPosition(box(10, 100, 30, 30), HINT, VIEWPORT, 'right')).toEqual({ left: 48, top: 105 });
    expect(hintPosition(box(330, 100, 30, 30), HINT, VIEWPORT, 'right').left).toBe(330 - 8 - 60);
  });
});
