import { describe, expect, it } from 'vitest';
import type { PublicMapLayer } from '@portal/contracts';
import { groupLayers, initialLayerSettings, isGroupVisible, setGroupVisibility, styleFonts } from './map-layers';
import { syncOverlay, visibleOverlayLayerIds, type Overlay, type OverlayMap } from './sync-overlay';

/** A map that keeps sources and layers in order, as MapLibre's style does. */
class FakeMap implements OverlayMap {
  sources = new Map<string, { data: unknown; attribution?: string; setData: (d: unknown) => void; setDataCalls: number }>();
  layers: Array<{ id: string; layout: Record<string, unknown>; paint: Record<string, unknown>; filter: unknown }> = [];
  getSource(id: string) {
    return this.sources.get(id);
  }
  addSource(id: string, source: { data: unknown; attribution?: string }) {
    const entry = {
      data: source.data,
      attribution: source.attribution,
      setDataCalls: 0,
      setData(d: unknown) {
        this.data = d;
        this.setDataCalls++;
      },
    };
    this.sources.set(id, entry);
  }
  getLayer(id: string) {
    return this.layers.find((l) => l.id === id);
  }
  addLayer(layer: { id: string; layout?: Record<string, unknown>; paint?: Record<string, unknown> }, beforeId?: string) {
    const entry = { id: layer.id, layout: { ...layer.layout }, paint: { ...layer.paint }, filter: undefined };
    const at = beforeId ? this.layers.findIndex((l) => l.id === beforeId) : -1;
    if (at >= 0) this.layers.splice(at, 0, entry);
    else this.layers.push(entry);
  }
  setLayoutProperty(id: string, name: string, value: unknown) {
    this.getLayer(id)!.layout[name] = value;
  }
  getLayoutProperty(id: string, name: string) {
    return this.getLayer(id)!.layout[name];
  }
  setPaintProperty(id: string, name: string, value: unknown) {
    this.getLayer(id)!.paint[name] = value;
  }
  setFilter(id: string, filter: unknown) {
    this.getLayer(id)!.filter = filter;
  }
  /** What a basemap switch does: the new style has none of our sources or layers. */
  replaceStyle() {
    this.sources.clear();
    this.layers = [];
  }
}

const layer = (
  id: string,
  source: string,
  type: PublicMapLayer['type'],
  group: PublicMapLayer['lreProperties']['layerGroup'],
  order: number,
): PublicMapLayer => ({
  id,
  name: id,
  type,
  source,
  layout: { visibility: 'visible' },
  paint: type === 'fill' ? { 'fill-opacity': 0.25 } : {},
  lreProperties: { layerGroup: group, popup: { titleField: null, excludeFields: [] }, drawOrder: order, legendOrder: order },
});

const LAYERS = [
  layer('districts-fill', 'districts', 'fill', 'Boundaries', 1),
  layer('rivercalls', 'rivercalls', 'circle', 'DWR Data', 2),
  layer('public-locations-circle', 'public-locations', 'circle', 'Locations', 3),
  layer('united-locations-circle', 'united-locations', 'circle', 'Locations', 4),
];
const fc = () => ({ type: 'FeatureCollection' as const, features: [] });

function overlay(over: Partial<Overlay> = {}): Overlay {
  return {
    sources: { districts: fc(), rivercalls: fc(), 'public-locations': fc() },
    layers: LAYERS,
    settings: initialLayerSettings(LAYERS),
    locationFilter: () => null,
    locationColor: null,
    fonts: ['Noto Sans Regular'],
    ...over,
  };
}

describe('syncOverlay', () => {
  it('adds sources and layers in draw order with labels over location layers, skipping layers without data', () => {
    const map = new FakeMap();
    syncOverlay(map, overlay());
    expect(map.layers.map((l) => l.id)).toEqual([
      'districts-fill',
      'rivercalls',
      'public-locations-circle',
      'public-locations-circle-labels',
    ]);
  });

  it("gives each source its credit line, which MapLibre's attribution control shows", () => {
    const map = new FakeMap();
    syncOverlay(map, overlay({ attributions: { districts: '© OpenStreetMap contributors' } }));
    expect(map.sources.get('districts')!.attribution).toBe('© OpenStreetMap contributors');
    expect(map.sources.get('rivercalls')!.attribution).toBeUndefined();
  });

  it('slots a layer in at its draw position once its data arrives, without resending unchanged data', () => {
    const map = new FakeMap();
    const base = overlay();
    syncOverlay(map, base);
    const united = fc();
    syncOverlay(map, { ...base, sources: { ...base.sources, 'united-locations': united } });
    expect(map.layers.map((l) => l.id).slice(-2)).toEqual(['united-locations-circle', 'united-locations-circle-labels']);
    expect(map.sources.get('districts')!.setDataCalls).toBe(0);
    const fresh = fc();
    syncOverlay(map, { ...base, sources: { ...base.sources, 'united-locations': fresh } });
    expect(map.sources.get('united-locations')!.setDataCalls).toBe(1);
    expect(map.sources.get('united-locations')!.data).toBe(fresh);
  });

  it('applies visibility to a layer and its labels, and opacity to fill layers', () => {
    const map = new FakeMap();
    const settings = {
      ...initialLayerSettings(LAYERS),
      'public-locations-circle': { visible: false, opacity: 100 },
      'districts-fill': { visible: true, opacity: 60 },
    };
    syncOverlay(map, overlay({ settings }));
    expect(map.getLayoutProperty('public-locations-circle-labels', 'visibility')).toBe('none');
    expect(map.getLayer('districts-fill')!.paint['fill-opacity']).toBe(0.6);
    expect(visibleOverlayLayerIds(map, LAYERS)).toEqual(['districts-fill', 'rivercalls']);
  });

  it('filters and colours location layers only', () => {
    const map = new FakeMap();
    const filter = ['in', ['get', 'location_type_ndx'], ['literal', [1]]] as never;
    syncOverlay(map, overlay({ locationFilter: () => filter, locationColor: '#1F78B4' }));
    expect(map.getLayer('public-locations-circle')!.filter).toEqual(filter);
    expect(map.getLayer('public-locations-circle-labels')!.filter).toEqual(filter);
    expect(map.getLayer('public-locations-circle')!.paint['circle-color']).toBe('#1F78B4');
    expect(map.getLayer('rivercalls')!.filter).toBeUndefined();
    expect(map.getLayer('rivercalls')!.paint['circle-color']).toBeUndefined();
  });

  it('puts everything back, with the current settings, after a basemap switch', () => {
    const map = new FakeMap();
    const settings = { ...initialLayerSettings(LAYERS), rivercalls: { visible: false, opacity: 100 } };
    syncOverlay(map, overlay({ settings }));
    map.replaceStyle();
    syncOverlay(map, overlay({ settings }));
    expect(map.layers.map((l) => l.id)).toEqual([
      'districts-fill',
      'rivercalls',
      'public-locations-circle',
      'public-locations-circle-labels',
    ]);
    expect(map.getLayoutProperty('rivercalls', 'visibility')).toBe('none');
  });

  it('leaves the labels out when the basemap has no glyphs', () => {
    const map = new FakeMap();
    syncOverlay(map, overlay({ fonts: null }));
    expect(map.getLayer('public-locations-circle-labels')).toBeUndefined();
  });
});

describe('layer groups', () => {
  it('orders groups as the panel does and drops empty ones', () => {
    expect(groupLayers(LAYERS).map((g) => g.group)).toEqual(['Locations', 'DWR Data', 'Boundaries']);
  });

  it('shows a group as on while any layer is on, and switches all its layers', () => {
    const [locations] = groupLayers(LAYERS);
    const settings = initialLayerSettings(LAYERS);
    const off = setGroupVisibility(locations, settings, false);
    expect(isGroupVisible(locations, off)).toBe(false);
    expect(off.rivercalls.visible).toBe(true);
    expect(isGroupVisible(locations, { ...off, 'united-locations-circle': { visible: true, opacity: 100 } })).toBe(true);
  });

  it('starts fill layers at their own opacity', () => {
    expect(initialLayerSettings(LAYERS)['districts-fill']).toEqual({ visible: true, opacity: 25 });
  });
});

describe('styleFonts', () => {
  it("uses the style's own label font, and none without glyphs", () => {
    expect(
      styleFonts({ glyphs: '/g/{fontstack}/{range}.pbf', layers: [{ type: 'symbol', layout: { 'text-font': ['Open Sans Bold'] } }] }),
    ).toEqual(['Open Sans Bold']);
    expect(styleFonts({ layers: [] })).toBeNull();
  });
});
