import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkedPaint, isValidColor } from './layer-colors';

describe('layer colours', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts hex and rgb()/hsl() colours and refuses junk', () => {
    for (const ok of ['#fff', '#1F78B4', '#1F78B480', 'rgb(1, 2, 3)', 'rgba(1,2,3,0.5)', 'hsl(120, 50%, 50%)'])
      expect(isValidColor(ok), ok).toBe(true);
    for (const bad of ['#12', '#GGGGGG', 'rgb(', 'not a colour', '']) expect(isValidColor(bad), bad).toBe(false);
  });

  it("drops an invalid literal colour and logs 'Invalid color'; expressions and other keys stay", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const expression = ['get', 'map_sym_fill_color'];
    expect(
      checkedPaint('l1', { 'circle-color': expression, 'circle-stroke-color': '#zzz', 'circle-radius': 4, 'fill-color': '#00FF00' }),
    ).toEqual({
      'circle-color': expression,
      'circle-radius': 4,
      'fill-color': '#00FF00',
    });
    expect(error).toHaveBeenCalledWith('Invalid color', { layer: 'l1', property: 'circle-stroke-color', value: '#zzz' });
  });
});
