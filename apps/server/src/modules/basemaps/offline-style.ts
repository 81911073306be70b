import { OFFLINE_FONT_BOLD, OFFLINE_FONT_REGULAR } from './glyph-ranges';

/**
 * MapLibre styles the server builds. Offline styles draw the bundled us-atlas data with a
 * palette per basemap name, so Outdoors, Satellite, Streets, Light and Dark still look
 * different with no internet. Raster-tile basemaps get a thin style around their tiles.
 * Every URL inside is absolute: MapLibre loads sources and glyphs from a web worker, where
 * relative URLs do not resolve.
 */

export interface Palette {
  /** Beyond the United States (reads as sea/neighbours). */
  background: string;
  land: string;
  /** Colorado's counties, drawn over the land. */
  colorado: string;
  countyLine: string;
  stateLine: string;
  label: string;
  labelHalo: string;
}

export const PALETTES: Record<string, Palette> = {
  outdoors: {
    background: '#A9D3E8',
    land: '#EEF0DA',
    colorado: '#E2EBC5',
    countyLine: '#A5A58D',
    stateLine: '#6B705C',
    label: '#3A3F2E',
    labelHalo: '#FFFFFF',
  },
  satellite: {
    background: '#0E2A3B',
    land: '#3B4A2F',
    colorado: '#56623A',
    countyLine: '#C9B98A',
    stateLine: '#F2E6C2',
    label: '#FFFFFF',
    labelHalo: '#1B1B1B',
  },
  streets: {
    background: '#AAD3DF',
    land: '#F2EFE9',
    colorado: '#FBF8F3',
    countyLine: '#C7B3C9',
    stateLine: '#9E7FA5',
    label: '#333333',
    labelHalo: '#FFFFFF',
  },
  light: {
    background: '#D4DADC',
    land: '#FAFAF8',
    colorado: '#F4F4F2',
    countyLine: '#D0D0D0',
    stateLine: '#B0B0B0',
    label: '#6E6E6E',
    labelHalo: '#FFFFFF',
  },
  dark: {
    background: '#191A1A',
    land: '#2C2C2C',
    colorado: '#343332',
    countyLine: '#4A4A4A',
    stateLine: '#6A6A6A',
    label: '#BDBDBD',
    labelHalo: '#111111',
  },
};

/** The palette of a basemap by name ('Outdoors' -> outdoors); unknown names get Streets. */
export function paletteFor(name: string): Palette {
  return PALETTES[name.trim().toLowerCase()] ?? PALETTES.streets;
}

const glyphsUrl = (origin: string) => `${origin}/api/basemaps/glyphs/{fontstack}/{range}.pbf`;
const dataUrl = (origin: string, name: string) => `${origin}/api/basemaps/data/${name}.geojson`;

/** A complete style over the bundled data. */
export function offlineStyle(origin: string, name: string, attribution: string | null): Record<string, unknown> {
  const p = paletteFor(name);
  const attr = attribution ?? 'US Census Bureau (us-atlas)';
  return {
    version: 8,
    name: `${name} (offline)`,
    glyphs: glyphsUrl(origin),
    sources: {
      'basemap-states': { type: 'geojson', data: dataUrl(origin, 'states'), attribution: attr },
      'basemap-counties': { type: 'geojson', data: dataUrl(origin, 'counties') },
      'basemap-labels': { type: 'geojson', data: dataUrl(origin, 'labels') },
    },
    layers: [
      { id: 'basemap-background', type: 'background', paint: { 'background-color': p.background } },
      { id: 'basemap-land', type: 'fill', source: 'basemap-states', paint: { 'fill-color': p.land } },
      { id: 'basemap-colorado', type: 'fill', source: 'basemap-counties', paint: { 'fill-color': p.colorado } },
      {
        id: 'basemap-county-lines',
        type: 'line',
        source: 'basemap-counties',
        minzoom: 5,
        paint: { 'line-color': p.countyLine, 'line-width': 0.8 },
      },
      { id: 'basemap-state-lines', type: 'line', source: 'basemap-states', paint: { 'line-color': p.stateLine, 'line-width': 1.4 } },
      {
        id: 'basemap-state-labels',
        type: 'symbol',
        source: 'basemap-labels',
        filter: ['==', ['get', 'kind'], 'state'],
        maxzoom: 7,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [OFFLINE_FONT_BOLD],
          'text-size': 13,
          'text-transform': 'uppercase',
          'text-letter-spacing': 0.1,
        },
        paint: { 'text-color': p.label, 'text-halo-color': p.labelHalo, 'text-halo-width': 1.5 },
      },
      {
        id: 'basemap-county-labels',
        type: 'symbol',
        source: 'basemap-labels',
        filter: ['==', ['get', 'kind'], 'county'],
        minzoom: 6.5,
        layout: { 'text-field': ['get', 'name'], 'text-font': [OFFLINE_FONT_REGULAR], 'text-size': 12 },
        paint: { 'text-color': p.label, 'text-halo-color': p.labelHalo, 'text-halo-width': 1.2 },
      },
    ],
  };
}

/** A style around raster tiles (USGS National Map services), with our glyphs for labels. */
export function rasterStyle(origin: string, name: string, tiles: string[], attribution: string | null): Record<string, unknown> {
  return {
    version: 8,
    name,
    glyphs: glyphsUrl(origin),
    sources: { 'basemap-raster': { type: 'raster', tiles, tileSize: 256, maxzoom: 16, ...(attribution ? { attribution } : {}) } },
    layers: [
      { id: 'basemap-background', type: 'background', paint: { 'background-color': paletteFor(name).background } },
      { id: 'basemap-raster', type: 'raster', source: 'basemap-raster' },
    ],
  };
}
