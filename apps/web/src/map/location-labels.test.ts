import { describe, expect, it } from 'vitest';
import type { PublicMapLayer } from '@portal/contracts';
import { labelLayerFor } from './map-layers';

const united = { id: 'united-locations-circle', source: 'united-locations', type: 'circle' } as unknown as PublicMapLayer;

describe('location labels', () => {
  it('name a well by its well number on the maps, and by its location id on a facility page (as its tables do)', () => {
    const onMap = labelLayerFor(united, ['Noto Sans Regular']) as { layout: Record<string, unknown> };
    expect(onMap.layout['text-field']).toEqual(['coalesce', ['get', 'cuwcd_well_number'], ['get', 'location_display_label']]);
    const onFacilityPage = labelLayerFor(united, ['Noto Sans Regular'], 'location-id') as { layout: Record<string, unknown> };
    expect(onFacilityPage.layout['text-field']).toEqual(['coalesce', ['get', 'location_id'], ['get', 'location_display_label']]);
  });
});
