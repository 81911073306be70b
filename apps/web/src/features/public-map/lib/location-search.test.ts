import { describe, expect, it } from 'vitest';
import type { FeatureCollectionDto } from '@portal/contracts';
import { MAX_SEARCH_RESULTS, searchLocations, searchSourcesFor, toSearchItems } from './location-search';
import { createSearchIndex } from './location-search-index';

const point = (id: number, name: string, lng: number, lat: number, extra: Record<string, unknown> = {}) => ({
  type: 'Feature' as const,
  id,
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties: { location_name: name, location_id: `LOC-${id}`, location_display_label: `L${id}`, locationtype: 'Well', ...extra },
});

const data: FeatureCollectionDto = {
  type: 'FeatureCollection',
  features: [
    point(1, 'Riverside Reservoir Outlet', -104.4, 40.3),
    point(2, 'Empire Ditch Headgate', -104.6, 40.36, { cuwcd_well_number: 'W-0421' }),
    point(3, 'Milton Lake Gage', -104.65, 40.25),
    { type: 'Feature', id: 4, geometry: null, properties: { location_name: 'No geometry' } },
  ],
};

describe('location search', () => {
  const index = createSearchIndex(toSearchItems(data));

  it('skips features without a point', () => {
    expect(toSearchItems(data).map((i) => i.key)).toEqual(['1', '2', '3']);
  });

  it('finds a location by a word in the middle of its name', () => {
    const [first] = searchLocations(index, 'Ditch');
    expect(first).toMatchObject({ kind: 'location', name: 'Empire Ditch Headgate', lat: 40.36, lng: -104.6 });
  });

  it('finds a location by its well number and tolerates a typo', () => {
    expect(searchLocations(index, 'W-0421')[0]).toMatchObject({ name: 'Empire Ditch Headgate' });
    expect(searchLocations(index, 'Reservior')[0]).toMatchObject({ name: 'Riverside Reservoir Outlet' });
  });

  it('answers coordinates with one coordinate place', () => {
    expect(searchLocations(index, 'Lat: 40.27 Lng: -104.78')).toEqual([
      {
        kind: 'coordinate',
        key: 'coordinate:40.27,-104.78',
        name: 'Lat: 40.27 Lng: -104.78',
        type: 'coordinate',
        lat: 40.27,
        lng: -104.78,
      },
    ]);
  });

  it('answers coordinates while the index is still loading, names only once it is there', () => {
    expect(searchLocations(null, 'Lat: 40.27 Lng: -104.78')).toMatchObject([{ kind: 'coordinate', lat: 40.27, lng: -104.78 }]);
    expect(searchLocations(null, 'Ditch')).toEqual([]);
  });

  it('finds nothing for empty text', () => {
    expect(searchLocations(index, '   ')).toEqual([]);
  });

  it('returns at most 49 results', () => {
    const many: FeatureCollectionDto = {
      type: 'FeatureCollection',
      features: Array.from({ length: 120 }, (_, i) => point(i, `Monitoring Well ${i}`, -104, 40)),
    };
    expect(searchLocations(createSearchIndex(toSearchItems(many)), 'Monitoring Well')).toHaveLength(MAX_SEARCH_RESULTS);
  });

  it('offers united locations first to staff and only public locations to visitors', () => {
    expect(searchSourcesFor(true)).toEqual(['united-locations', 'public-locations']);
    expect(searchSourcesFor(false)).toEqual(['public-locations']);
  });
});
