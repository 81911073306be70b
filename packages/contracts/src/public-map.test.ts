import { describe, expect, it } from 'vitest';
import { featureCollectionSchema, geoJsonFeatureSchema, publicMapSourceListSchema, unitedLocationsResponseSchema } from './public-map';
import { isFeatureCollection, isGeoJsonFeature, isPublicMapSourceList, isUnitedLocationsResponse } from './public-map-feeds';

const feature = { type: 'Feature', id: 7, geometry: { type: 'Point', coordinates: [-104.8, 40.3] }, properties: { name: 'Well 7' } };

/** Features that are and are not features, one field off at a time. */
const cases: unknown[] = [
  feature,
  { ...feature, id: 'w-7' },
  { ...feature, id: undefined },
  { type: 'Feature', geometry: null, properties: null },
  { ...feature, geometry: { type: 'Polygon' } },
  { ...feature, bbox: [0, 0, 1, 1] },
  { ...feature, type: 'feature' },
  { ...feature, id: null },
  { ...feature, id: true },
  { ...feature, geometry: { coordinates: [0, 0] } },
  { ...feature, geometry: { type: 3, coordinates: [0, 0] } },
  { ...feature, geometry: [] },
  { ...feature, geometry: undefined },
  { ...feature, properties: [] },
  { ...feature, properties: 'name' },
  { ...feature, properties: undefined },
  null,
  [],
  'Feature',
  42,
];

describe('isGeoJsonFeature', () => {
  it('agrees with the feature schema on every case', () => {
    for (const value of cases) expect(isGeoJsonFeature(value), JSON.stringify(value)).toBe(geoJsonFeatureSchema.safeParse(value).success);
  });

  it('lets a feature collection through only when every feature is one', () => {
    expect(featureCollectionSchema.safeParse({ type: 'FeatureCollection', features: [feature, feature] }).success).toBe(true);
    expect(featureCollectionSchema.safeParse({ type: 'FeatureCollection', features: [] }).success).toBe(true);
    const bad = featureCollectionSchema.safeParse({ type: 'FeatureCollection', features: [feature, { ...feature, properties: 'x' }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Expected GeoJSON Features');
    expect(featureCollectionSchema.safeParse({ type: 'FeatureCollection', features: {} }).success).toBe(false);
  });
});

describe("the feeds' plain checks", () => {
  const collection = { type: 'FeatureCollection', features: [feature] };
  const collections: unknown[] = [
    collection,
    { type: 'FeatureCollection', features: [] },
    { type: 'FeatureCollection', features: [feature, { ...feature, properties: 'x' }] },
    { type: 'FeatureCollection', features: {} },
    { type: 'FeatureCollection' },
    { type: 'featurecollection', features: [] },
    { features: [feature] },
    [collection],
    null,
  ];

  it('agree with the feature collection schema', () => {
    for (const value of collections)
      expect(isFeatureCollection(value), JSON.stringify(value)).toBe(featureCollectionSchema.safeParse(value).success);
  });

  it("agree with GET /sources' and GET /united's schemas", () => {
    const source = { id: 'public-locations', data: collection, attribution: 'Colorado DWR' };
    const lists: unknown[] = [
      [source],
      [],
      [{ ...source, attribution: null }],
      [{ ...source, attribution: undefined }],
      [source, { ...source, id: 7 }],
      [{ ...source, attribution: 3 }],
      [{ ...source, data: { type: 'FeatureCollection', features: [null] } }],
      [{ id: 'x' }],
      source,
      null,
    ];
    for (const value of lists)
      expect(isPublicMapSourceList(value), JSON.stringify(value)).toBe(publicMapSourceListSchema.safeParse(value).success);
    const answers: unknown[] = [
      { data: collection },
      { data: { type: 'FeatureCollection', features: [1] } },
      { data: null },
      {},
      collection,
      null,
    ];
    for (const value of answers)
      expect(isUnitedLocationsResponse(value), JSON.stringify(value)).toBe(unitedLocationsResponseSchema.safeParse(value).success);
  });
});
