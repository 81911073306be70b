import { describe, expect, it } from 'vitest';
import { dataExtent, switchedOn, unionExtent } from './layer-extent';

describe('dataExtent', () => {
  it('spans every coordinate of lines, multi-lines and points', () => {
    const data = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'LineString',
            coordinates: [
              [-105.87, 40.17],
              [-105.81, 40.18],
            ],
          },
        },
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'MultiLineString',
            coordinates: [
              [
                [-106.39, 38.04],
                [-102.04, 39.22],
              ],
            ],
          },
        },
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [-104.5, 41] } },
        { type: 'Feature', properties: {}, geometry: null },
      ],
    };
    expect(dataExtent(data)).toEqual([-106.39, 38.04, -102.04, 41]);
  });

  it('is null for data without coordinates', () => {
    expect(dataExtent({ type: 'FeatureCollection', features: [] })).toBeNull();
    expect(dataExtent('https://example.org/tiles.json')).toBeNull();
  });
});

describe('unionExtent and switchedOn', () => {
  it('joins extents, skipping unknown ones', () => {
    expect(unionExtent([[0, 0, 1, 1], null, [-1, 0.5, 0.5, 2]])).toEqual([-1, 0, 1, 2]);
    expect(unionExtent([null])).toBeNull();
  });

  it('names the layers that went from off to on', () => {
    const before = { a: { visible: false }, b: { visible: true }, c: { visible: false } };
    const after = { a: { visible: true }, b: { visible: true }, c: { visible: false }, d: { visible: true } };
    expect(switchedOn(before, after)).toEqual(['a']);
  });
});
