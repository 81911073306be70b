import { describe, expect, it } from 'vitest';
import { labelColumnWidth, popupAsText, popupFields, popupRows, popupValue } from './popup-content';
import { clampPage, popupTitle, uniqueFeatures, type PopupFeature } from './popup-feature';

const feature = (layerId: string, properties: Record<string, unknown>, id?: number | string, source = layerId): PopupFeature => ({
  layerId,
  source,
  id,
  properties,
});

describe('uniqueFeatures', () => {
  it('drops features with the same source and id, keeping the first', () => {
    const list = [
      feature('a', { n: 1 }, 1, 's'),
      feature('a-labels', { n: 1 }, 1, 's'),
      feature('b', { n: 2 }, 2, 's'),
      feature('c', { n: 1 }, 1, 'other'),
    ];
    expect(uniqueFeatures(list).map((f) => `${f.layerId}`)).toEqual(['a', 'b', 'c']);
  });

  it('treats features without an id as equal only when their properties are equal', () => {
    const list = [feature('p', { WDID: '0200501' }), feature('p', { WDID: '0200501' }), feature('p', { WDID: '0200502' })];
    expect(uniqueFeatures(list)).toHaveLength(2);
  });
});

describe('popupFields', () => {
  it('lists the spec fields of a known layer in order, whatever the feature carries', () => {
    const fields = popupFields('rivercalls', { structure_name: 'x', extra: 1 });
    expect(fields[0]).toBe('structure_name');
    expect(fields).toHaveLength(11);
    expect(fields).not.toContain('extra');
  });

  it('lists every property of an unknown layer, minus the excluded fields', () => {
    expect(popupFields('dwr-water-districts-fill', { district: 2, name: 'Denver to Kersey', division: 1 }, ['division'])).toEqual([
      'district',
      'name',
    ]);
  });

  it('honours excludeFields on known layers too', () => {
    expect(popupFields('united-locations-circle', {}, ['facility_ndx', 'county_name'])).not.toContain('facility_ndx');
    expect(popupFields('united-locations-circle', {}, ['facility_ndx', 'county_name'])).toHaveLength(7);
  });
});

describe('popupValue', () => {
  it("shows 'N/A' for missing values", () => {
    for (const v of [null, undefined, '', '  ', []]) expect(popupValue('anything', v)).toEqual({ kind: 'na', text: 'N/A' });
  });

  it('shows lists one entry per line, also when MapLibre returns them as JSON text', () => {
    const lines = { kind: 'lines', lines: ['Flow: 12.3 cfs', 'Stage: 2.1 ft'], highlight: true };
    expect(popupValue('most_recent_measurements', ['Flow: 12.3 cfs', 'Stage: 2.1 ft'])).toEqual(lines);
    expect(popupValue('most_recent_measurements', '["Flow: 12.3 cfs","Stage: 2.1 ft"]')).toEqual(lines);
    expect(popupValue('last_report', 'Flow: 11/20/2026\nStage: 11/21/2026')).toEqual({
      kind: 'lines',
      lines: ['Flow: 11/20/2026', 'Stage: 11/21/2026'],
      highlight: true,
    });
  });

  it('shows other lists one per line without the highlight', () => {
    expect(popupValue('facility_names', '["Well Field 1","Recharge Site 2"]')).toEqual({
      kind: 'lines',
      lines: ['Well Field 1', 'Recharge Site 2'],
      highlight: false,
    });
  });

  it('formats a single last report timestamp as a highlighted line in the district time zone', () => {
    expect(popupValue('last_report', '2026-07-01T18:30:00Z')).toEqual({ kind: 'lines', lines: ['07/01/2026, 12:30 PM'], highlight: true });
    expect(popupValue('last_report', '11/21/2026, 10:45 PM')).toEqual({ kind: 'lines', lines: ['11/21/2026, 10:45 PM'], highlight: true });
  });

  it('formats plain dates without shifting the day', () => {
    expect(popupValue('appro_date', '1866-01-01')).toEqual({ kind: 'text', text: '01/01/1866' });
  });

  it('cuts More Info link texts to 35 characters but keeps the whole address', () => {
    const href = 'https://dwr.state.co.us/Tools/Structures/0200501?tab=decreed-water-rights';
    const value = popupValue('MoreInfo', href);
    expect(value).toEqual({ kind: 'link', href, text: `${href.slice(0, 35)}…` });
    expect(popupValue('MoreInfo', 'https://a.b/c')).toEqual({ kind: 'link', href: 'https://a.b/c', text: 'https://a.b/c' });
    expect(popupValue('source_url', href)).toEqual({ kind: 'link', href, text: href });
  });

  it('makes a link of http and https addresses only: a javascript: or data: value stays text', () => {
    expect(popupValue('MoreInfo', 'javascript:alert(1)')).toEqual({ kind: 'text', text: 'javascript:alert(1)' });
    expect(popupValue('source_url', 'data:text/html,<b>x</b>')).toEqual({ kind: 'text', text: 'data:text/html,<b>x</b>' });
    expect(popupValue('source_url', 'HTTP://a.b/c')).toMatchObject({ kind: 'link', href: 'HTTP://a.b/c' });
  });

  it('groups the thousands of plain numbers, keeping their decimals', () => {
    expect(popupValue('DcrVolAbs', 10551)).toEqual({ kind: 'text', text: '10,551' });
    expect(popupValue('current_flow_cfs', 1234567.25)).toEqual({ kind: 'text', text: '1,234,567.25' });
    expect(popupValue('stream_mile', -1500)).toEqual({ kind: 'text', text: '-1,500' });
    expect(popupValue('DCRratAbs', 12.5)).toEqual({ kind: 'text', text: '12.5' });
  });

  it('never groups numbers that name something', () => {
    expect(popupValue('facility_ndx', 12345)).toEqual({ kind: 'text', text: '12345' });
    expect(popupValue('location_id', 100501)).toEqual({ kind: 'text', text: '100501' });
    expect(popupValue('WDID', 200501)).toEqual({ kind: 'text', text: '200501' });
    expect(popupValue('admin_no', 48000.0001)).toEqual({ kind: 'text', text: '48000.0001' });
    expect(popupValue('LongDecDeg', -104.95123)).toEqual({ kind: 'text', text: '-104.95123' });
  });

  it('shows numbers, zero and booleans as text', () => {
    expect(popupValue('DcrVolAbs', 0)).toEqual({ kind: 'text', text: '0' });
    expect(popupValue('is_well_owner', true)).toEqual({ kind: 'text', text: 'Yes' });
  });
});

describe('popupRows and popupTitle', () => {
  const layer = { id: 'united-locations-circle', name: 'United Locations', titleField: 'location_name', excludeFields: ['facility_ndx'] };

  it('names a water district by its number, not the bare number', () => {
    const districts = { id: 'dwr-water-districts-fill', name: 'DWR Water Districts', titleField: 'district' };
    expect(popupTitle(feature('dwr-water-districts-fill', { district: 2 }), districts)).toBe('Water District 2');
    expect(popupTitle(feature('dwr-water-districts-fill', { district: '64' }), districts)).toBe('Water District 64');
    expect(popupTitle(feature('dwr-water-districts-fill', { district: 'South Platte' }), districts)).toBe('South Platte');
    expect(popupTitle(feature('dwr-water-districts-fill', {}), districts)).toBe('DWR Water Districts');
  });

  it('builds rows for the layer fields with N/A fill-ins', () => {
    const rows = popupRows(feature('united-locations-circle', { location_name: 'Well 7', county_name: 'Weld' }), layer);
    expect(rows.map((r) => r.field)).toEqual([
      'location_name',
      'reporting_status_desc',
      'last_report',
      'most_recent_measurements',
      'facility_names',
      'facility_types',
      'locationtype',
      'county_name',
    ]);
    expect(rows.find((r) => r.field === 'reporting_status_desc')?.value).toEqual({ kind: 'na', text: 'N/A' });
  });

  it('labels the fields in words, in the layer order', () => {
    const rows = popupRows(feature('united-locations-circle', { location_name: 'Well 7' }), layer);
    expect(rows.map((r) => r.label)).toEqual([
      'Location name',
      'Reporting status',
      'Last report',
      'Most recent measurements',
      'Facility names',
      'Facility types',
      'Location type',
      'County',
    ]);
    const points = popupRows(feature('diversion-points-circle', { DcrVolAbs: 10551 }));
    expect(points.map((r) => r.label).slice(0, 4)).toEqual(['More info', 'Structure type', 'WDID', 'Water source']);
    expect(points.find((r) => r.field === 'DcrVolAbs')).toEqual({
      field: 'DcrVolAbs',
      label: 'Decreed volume, absolute',
      value: { kind: 'text', text: '10,551' },
    });
  });

  it('spells out the fields of layers without a field list', () => {
    const rows = popupRows(feature('some-layer', { map_sym_fill_color: '#fff', StreamName: 'Big Thompson', huc12_code: '1' }));
    expect(rows.map((r) => r.label)).toEqual(['Map sym fill color', 'Stream name', 'HUC12 code']);
  });

  it('titles the popup with the titleField value, or the layer name', () => {
    expect(popupTitle(feature('united-locations-circle', { location_name: 'Well 7' }), layer)).toBe('Well 7');
    expect(popupTitle(feature('united-locations-circle', {}), layer)).toBe('United Locations');
    expect(popupTitle(feature('x', {}))).toBe('x');
  });
});

describe('labelColumnWidth and clampPage', () => {
  it('gives the diversion points a wider label column', () => {
    expect(labelColumnWidth('diversion-points-circle')).toBe('42%');
    expect(labelColumnWidth('rivercalls')).toBe('30%');
  });

  it('keeps the page inside the list', () => {
    expect(clampPage(5, 3)).toBe(2);
    expect(clampPage(-1, 3)).toBe(0);
    expect(clampPage(1, 0)).toBe(0);
  });
});

describe('Detailed Results and copy data', () => {
  const feature: PopupFeature = {
    id: 1,
    layerId: 'some-layer',
    source: 'src',
    properties: { name: 'Gauge A', secret_field: 'x', list: ['a', 'b'], url: 'https://example.org/a', empty: null },
  };
  const layer = { id: 'some-layer', name: 'Some Layer', excludeFields: ['secret_field'], titleField: 'name' };

  it('lists excluded fields only when detailed', () => {
    expect(popupRows(feature, layer).map((r) => r.field)).not.toContain('secret_field');
    expect(popupRows(feature, layer, true).map((r) => r.field)).toEqual(['name', 'secret_field', 'list', 'url', 'empty']);
  });

  it('turns a popup into title and field lines', () => {
    expect(popupAsText('Gauge A', popupRows(feature, layer))).toBe(
      'Gauge A\nName: Gauge A\nList: a; b\nURL: https://example.org/a\nEmpty: N/A',
    );
  });
});
