import { describe, expect, it } from 'vitest';
import { clipLineToColorado, COLORADO_BBOX } from './hydrology';

describe('clipLineToColorado', () => {
  it('keeps a line inside the state as it is', () => {
    expect(
      clipLineToColorado([
        [-105, 40],
        [-104, 40.5],
      ]),
    ).toEqual([
      [
        [-105, 40],
        [-104, 40.5],
      ],
    ]);
  });

  it('cuts a line where it crosses the border and drops what lies outside', () => {
    // From Kansas into Colorado: the part inside starts on the eastern border.
    expect(
      clipLineToColorado([
        [-101, 38],
        [-103, 38],
        [-104, 38.5],
      ]),
    ).toEqual([
      [
        [COLORADO_BBOX.east, 38],
        [-103, 38],
        [-104, 38.5],
      ],
    ]);
    expect(
      clipLineToColorado([
        [-100, 38],
        [-101, 38],
      ]),
    ).toEqual([]);
  });

  it('splits a line that leaves the state and comes back into two parts', () => {
    const parts = clipLineToColorado([
      [-103, 40.5],
      [-103, 41.5],
      [-104, 41.5],
      [-104, 40.5],
    ]);
    expect(parts).toEqual([
      [
        [-103, 40.5],
        [-103, COLORADO_BBOX.north],
      ],
      [
        [-104, COLORADO_BBOX.north],
        [-104, 40.5],
      ],
    ]);
  });
});
