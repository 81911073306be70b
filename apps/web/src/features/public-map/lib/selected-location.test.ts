import { describe, expect, it } from 'vitest';
import type { FeatureCollectionDto } from '@portal/contracts';
import { locationOfFeature, locationOfSearchResult } from './selected-location';

const publicLocations: FeatureCollectionDto = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 7,
      geometry: { type: 'Point', coordinates: [-104.812345678, 40.123456789] },
      properties: { location_name: 'Gage 7' },
    },
    { type: 'Feature', id: 8, geometry: { type: 'Polygon', coordinates: [] }, properties: { location_name: 'Area 8' } },
  ],
};
const sources = { 'public-locations': publicLocations };

describe('locationOfSearchResult', () => {
  it('keeps a location name and treats typed coordinates as a place without one', () => {
    expect(
      locationOfSearchResult({
        kind: 'location',
        key: '7',
        name: 'Gage 7',
        locationId: 'G7',
        label: '',
        wellNumber: null,
        type: 'Gage',
        lat: 40.1,
        lng: -104.8,
      }),
    ).toEqual({ lng: -104.8, lat: 40.1, name: 'Gage 7' });
    expect(
      locationOfSearchResult({
        kind: 'coordinate',
        key: 'c',
        name: 'Lat: 40.31 Lng: -104.86',
        type: 'coordinate',
        lat: 40.31,
        lng: -104.86,
      }),
    ).toEqual({
      lng: -104.86,
      lat: 40.31,
      name: null,
    });
  });
});

describe('locationOfFeature', () => {
  it("takes our locations' exact coordinates from the source data by id, not the tile-rounded rendering", () => {
    const clicked = { layerId: 'public-locations-circle', source: 'public-locations', id: 7, properties: { location_name: 'Gage 7' } };
    expect(locationOfFeature(clicked, sources, 'Gage 7')).toEqual({ lng: -104.812345678, lat: 40.123456789, name: 'Gage 7' });
  });

  it('reads the latitude/longitude properties of DWR points, named by their label or the popup title', () => {
    const station = {
      layerId: 'dwr-streamflow',
      source: 'dwr-streamflow',
      properties: { location_display_label: 'CLAFTCCO', latitude: 40.5, longitude: '-104.9' },
    };
    expect(locationOfFeature(station, sources, 'ignored')).toEqual({ lng: -104.9, lat: 40.5, name: 'CLAFTCCO' });
    const diversion = {
      layerId: 'diversion-points-circle',
      source: 'diversion-points',
      properties: { WDID: '0200500', LatDecDeg: 40.2, LongDecDeg: -104.7 },
    };
    expect(locationOfFeature(diversion, sources, '0200500')).toEqual({ lng: -104.7, lat: 40.2, name: '0200500' });
  });

  it('gives nothing for areas, lines and features without usable coordinates', () => {
    expect(locationOfFeature({ layerId: 'x', source: 'public-locations', id: 8, properties: {} }, sources, 'Area 8')).toBeNull();
    expect(
      locationOfFeature({ layerId: 'districts', source: 'water-districts', properties: { name: 'District 2' } }, sources, 'District 2'),
    ).toBeNull();
    expect(locationOfFeature({ layerId: 'x', source: 'y', properties: { latitude: 'N/A', longitude: -104 } }, sources, 't')).toBeNull();
    expect(locationOfFeature({ layerId: 'x', source: 'y', properties: { latitude: 95, longitude: -104 } }, sources, 't')).toBeNull();
  });
});
