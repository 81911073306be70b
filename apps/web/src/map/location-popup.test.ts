import { describe, expect, it } from 'vitest';
import { locationFeatureKey, withPopupProperties, type LoadLocationPopup } from './location-popup';

describe('locationFeatureKey', () => {
  it('names the feed and location of location features only', () => {
    expect(locationFeatureKey({ source: 'public-locations', id: 12 })).toEqual({ feed: 'public-locations', locationNdx: 12 });
    expect(locationFeatureKey({ source: 'united-locations', id: '7' })).toEqual({ feed: 'united-locations', locationNdx: 7 });
    expect(locationFeatureKey({ source: 'rivercalls', id: 3 })).toBeNull();
    expect(locationFeatureKey({ source: 'public-locations', id: undefined })).toBeNull();
    expect(locationFeatureKey({ source: 'public-locations', id: 'x' })).toBeNull();
  });
});

describe('withPopupProperties', () => {
  it('completes location features from their feed and leaves the others (and failed loads) as they are', async () => {
    const asked: string[] = [];
    const load: LoadLocationPopup = async (feed, ndx) => {
      asked.push(`${feed}/${ndx}`);
      if (ndx === 9) throw new Error('404');
      return { properties: { location_ndx: ndx, facility_names: ['North Plant'], location_name: 'Full name' } };
    };
    const features = [
      {
        layerId: 'united-locations-circle',
        source: 'united-locations',
        id: 5,
        properties: { location_name: 'Lean name', map_sym_shape: 'circle' },
      },
      { layerId: 'rivercalls', source: 'rivercalls', id: 1, properties: { wdid: '0100' } },
      { layerId: 'public-locations-circle', source: 'public-locations', id: 9, properties: { location_name: 'Gone' } },
    ];
    const done = await withPopupProperties(features, load);
    expect(asked).toEqual(['united-locations/5', 'public-locations/9']);
    expect(done[0].properties).toEqual({
      location_name: 'Full name',
      map_sym_shape: 'circle',
      location_ndx: 5,
      facility_names: ['North Plant'],
    });
    expect(done[1]).toBe(features[1]);
    expect(done[2]).toBe(features[2]);
  });
});
