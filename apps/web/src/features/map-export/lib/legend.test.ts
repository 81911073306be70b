import { describe, expect, it } from 'vitest';
import type { PublicMapLayer } from '@portal/contracts';
import { firstColor, legendEntries, LEGEND_FALLBACK_COLOR, parseColor } from './legend';

function layer(
  id: string,
  type: PublicMapLayer['type'],
  paint: Record<string, unknown>,
  extra: Partial<PublicMapLayer['lreProperties']> = {},
  name = id,
): PublicMapLayer {
  return {
    id,
    name,
    type,
    source: 's',
    paint,
    lreProperties: { layerGroup: 'Locations', popup: { titleField: null, excludeFields: [] }, drawOrder: 0, legendOrder: 0, ...extra },
  };
}

describe('parseColor', () => {
  it('reads hex and rgb colours', () => {
    expect(parseColor('#1F78B4')).toEqual([31, 120, 180]);
    expect(parseColor('#fff')).toEqual([255, 255, 255]);
    expect(parseColor('#1F78B480')).toEqual([31, 120, 180]);
    expect(parseColor('rgb(1, 2, 3)')).toEqual([1, 2, 3]);
    expect(parseColor('rgba(10,20,30,0.5)')).toEqual([10, 20, 30]);
  });

  it('refuses anything else', () => {
    expect(parseColor('blue-ish')).toBeNull();
    expect(parseColor('#12345')).toBeNull();
    expect(parseColor('rgb(300, 0, 0)')).toBeNull();
  });
});

describe('firstColor', () => {
  it('finds the literal colour of a data-driven expression', () => {
    expect(firstColor(['coalesce', ['get', 'map_sym_fill_color'], '#1F78B4'])).toEqual([31, 120, 180]);
    expect(firstColor(['match', ['get', 'kind'], 'a', '#ff0000', '#00ff00'])).toEqual([255, 0, 0]);
    expect(firstColor(['get', 'color'])).toBeNull();
    expect(firstColor(undefined)).toBeNull();
  });
});

describe('legendEntries', () => {
  const layers = [
    layer('rivers', 'line', { 'line-color': '#37474F' }, { layerGroup: 'Hydrology', legendOrder: 1 }, 'Rivers'),
    layer('wells', 'circle', { 'circle-color': ['coalesce', ['get', 'c'], '#0868AC'] }, { legendOrder: 2 }, 'Wells'),
    layer('gauges', 'circle', { 'circle-color': '#FF0000' }, { legendOrder: 1 }, 'Gauges'),
    layer('districts', 'fill', { 'fill-color': ['get', 'color'] }, { layerGroup: 'Boundaries' }, 'Districts'),
    layer('districts-outline', 'line', { 'line-color': '#000' }, { layerGroup: 'Boundaries', legendOrder: 1 }, 'Districts'),
  ];

  it('lists only visible layers, in panel order, with their colours', () => {
    const entries = legendEntries(layers, new Set(['rivers', 'wells', 'gauges', 'districts']));
    expect(entries).toEqual([
      { name: 'Gauges', color: [255, 0, 0], symbol: 'circle' },
      { name: 'Wells', color: [8, 104, 172], symbol: 'circle' },
      { name: 'Districts', color: LEGEND_FALLBACK_COLOR, symbol: 'fill' },
      { name: 'Rivers', color: [55, 71, 79], symbol: 'line' },
    ]);
  });

  it('names a layer once when several map layers share its name', () => {
    const entries = legendEntries(layers, new Set(['districts', 'districts-outline']));
    expect(entries.map((e) => e.name)).toEqual(['Districts']);
  });

  it('is empty when nothing is visible', () => {
    expect(legendEntries(layers, new Set())).toEqual([]);
  });
});
