import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  makeAlert,
  makeCounty,
  makeFacility,
  makeFacilityType,
  makeLocation,
  makeLocationType,
  makeParameter,
  makeUnit,
  makeWaterbody,
} from '../../../test/factories';
import { ingestObservations, type ObservationInput } from '../timeseries/index';
import { mapLocation } from '../../access/access.repository';
import { listBatteryStatus } from './reports.repository';
import { batteryWindow } from './reports.service';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// Locations: 1 public, 2 public (two facilities), 3 private, 4 public but excluded from the map.
async function seed(h: TestApp) {
  const db = h.t.db;
  await makeFacilityType(db, { facility_type_ndx: 1, facility_type_desc: 'Wells' });
  await makeFacilityType(db, { facility_type_ndx: 2, facility_type_desc: 'Stream Gauges' });
  await makeLocationType(db, { location_type_ndx: 1, location_type_desc: 'Well' });
  await makeWaterbody(db, { waterbody_ndx: 1, waterbody_name: 'South Platte River' });
  await makeCounty(db, { county_ndx: 1, county_name: 'Weld' });
  const place = { location_type_ndx: 1, waterbody_ndx: 1, latitude: null, longitude: null };
  await makeLocation(db, {
    ...place,
    location_ndx: 1,
    location_id: 'TW-1',
    location_display_label: 'TW1',
    location_name: 'Test Well 1',
    county_ndx: 1,
    huc12_name: 'Lower Box Elder Creek',
    is_public: true,
    exclude_from_map: false,
  });
  await makeLocation(db, {
    ...place,
    location_ndx: 2,
    location_id: 'GAGE-2',
    location_display_label: 'G2',
    location_name: 'River Gauge 2',
    county_ndx: null,
    huc12_name: null,
    is_public: true,
    exclude_from_map: false,
  });
  await makeLocation(db, {
    ...place,
    location_ndx: 3,
    location_id: 'PRIV-3',
    location_display_label: 'PRIV3',
    location_name: 'Private Well 3',
    county_ndx: 1,
    huc12_name: 'Hidden HUC',
    is_public: false,
    exclude_from_map: false,
  });
  await makeLocation(db, {
    ...place,
    location_ndx: 4,
    location_id: 'EXCL-4',
    location_display_label: 'EXCL4',
    location_name: 'Excluded Site 4',
    county_ndx: 1,
    huc12_name: null,
    is_public: true,
    exclude_from_map: true,
  });
  await makeFacility(db, { facility_ndx: 10, facility_name: 'Well Field 1', facility_type_ndx: 1, locations: [1, 2] });
  await makeFacility(db, { facility_ndx: 11, facility_name: 'River Network', facility_type_ndx: 2, locations: [2] });
  await makeFacility(db, { facility_ndx: 12, facility_name: 'Secret Field', facility_type_ndx: 1, locations: [3] });
  await makeUnit(db, { unit_ndx: 1, unit_desc: 'V' });
  await makeUnit(db, { unit_ndx: 2, unit_desc: 'ft' });
  await makeParameter(db, { parameter_ndx: 1, parameter_name: 'Battery Voltage', unit_ndx: 1, display_order: 2 });
  await makeParameter(db, { parameter_ndx: 2, parameter_name: 'Water Level', unit_ndx: 2, display_order: 1 });
  await makeAlert(db, { alert_type_ndx: 1, location_ndx: 1, parameter_ndx: 2, trigger_value: 10, reset_hours: 24, enabled: true });
  await makeAlert(db, { alert_type_ndx: 1, location_ndx: 2, parameter_ndx: 2, trigger_value: 10, reset_hours: 24, enabled: false });
}

describe('GET /api/display-batteries-last7days-stats', () => {
  let h: TestApp;
  const now = Date.now();
  const at = (msAgo: number) => new Date(now - msAgo);
  beforeAll(async () => {
    h = await createTestApp();
    await seed(h);
    const rows: ObservationInput[] = [
      // Location 1: inside the window 12.9, 12.4 (7 days less a minute old), 13.1; outside 11.0 and 14.5.
      { locationNdx: 1, parameterNdx: 1, collectTimestamp: at(7 * DAY + MINUTE), resultValue: 11.0 },
      { locationNdx: 1, parameterNdx: 1, collectTimestamp: at(7 * DAY - MINUTE), resultValue: 12.4 },
      { locationNdx: 1, parameterNdx: 1, collectTimestamp: at(3 * DAY), resultValue: 13.1 },
      { locationNdx: 1, parameterNdx: 1, collectTimestamp: at(15 * MINUTE), resultValue: 12.9 },
      { locationNdx: 1, parameterNdx: 2, collectTimestamp: at(15 * MINUTE), resultValue: 99 },
      // Location 2: a silent logger, last reading 8 days ago.
      { locationNdx: 2, parameterNdx: 1, collectTimestamp: at(8 * DAY), resultValue: 11.8 },
      { locationNdx: 3, parameterNdx: 1, collectTimestamp: at(DAY), resultValue: 12.2 },
      { locationNdx: 4, parameterNdx: 1, collectTimestamp: at(DAY), resultValue: 12.6 },
    ];
    await ingestObservations(h.t.db, rows);
    // A future-stamped reading (a logger clock error) is newer than "now" and stays out of the window.
    await ingestObservations(h.t.db, [{ locationNdx: 1, parameterNdx: 1, collectTimestamp: new Date(now + DAY), resultValue: 14.5 }]);
  });
  afterAll(async () => h.close());

  it('answers anonymous callers with public batteries: min and max of the last 7 × 24 hours only', async () => {
    const res = await h.app.inject({ url: '/api/display-batteries-last7days-stats' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/Authorization/);
    const body = res.json();
    expect(body.map((b: { location_display_label: string }) => b.location_display_label)).toEqual(['G2', 'TW1']);
    expect(body[1]).toEqual({
      location_ndx: 1,
      location_display_label: 'TW1',
      location_name: 'Test Well 1',
      parameter_name: 'Battery Voltage',
      unit_desc: 'V',
      min_7day: 12.4,
      max_7day: 13.1,
      reading_count_7day: 3,
      last_value: 14.5,
      last_timestamp: new Date(now + DAY).toISOString(),
    });
    // The silent logger is listed with no window values but with its last reading.
    expect(body[0]).toMatchObject({
      location_display_label: 'G2',
      min_7day: null,
      max_7day: null,
      reading_count_7day: 0,
      last_value: 11.8,
    });
  });

  it('counts a reading exactly 7 × 24 hours old and leaves out one a minute older', async () => {
    const fixed = new Date('2026-03-15T12:00:00Z');
    await ingestObservations(h.t.db, [
      { locationNdx: 2, parameterNdx: 1, collectTimestamp: new Date('2026-03-08T12:00:00Z'), resultValue: 12.05 },
      { locationNdx: 2, parameterNdx: 1, collectTimestamp: new Date('2026-03-08T11:59:00Z'), resultValue: 10.5 },
      { locationNdx: 2, parameterNdx: 1, collectTimestamp: new Date('2026-03-15T12:00:00Z'), resultValue: 12.75 },
      { locationNdx: 2, parameterNdx: 1, collectTimestamp: new Date('2026-03-15T12:01:00Z'), resultValue: 13.9 },
    ]);
    const { since, until } = batteryWindow(fixed);
    expect(since.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    const rows = await listBatteryStatus(h.t.db, mapLocation('public', 'l'), since, until);
    expect(rows.find((r) => r.location_ndx === 2)).toMatchObject({ min_7day: 12.05, max_7day: 12.75, reading_count_7day: 2 });
  });

  it('adds private batteries for staff but never a location excluded from the map', async () => {
    for (const roles of [['User'], ['All Data User'], ['Administrator']]) {
      const token = await h.tokenFor({ roles });
      const body = (
        await h.app.inject({ url: '/api/display-batteries-last7days-stats', headers: { authorization: `Bearer ${token}` } })
      ).json();
      expect(
        body.map((b: { location_display_label: string }) => b.location_display_label),
        roles[0],
      ).toEqual(['G2', 'PRIV3', 'TW1']);
    }
    const noRole = await h.tokenFor({ roles: [] });
    const body = (
      await h.app.inject({ url: '/api/display-batteries-last7days-stats', headers: { authorization: `Bearer ${noRole}` } })
    ).json();
    expect(JSON.stringify(body)).not.toMatch(/PRIV|Private|EXCL|Excluded/);
  });

  it('answers 401 for a bad token (as every public route)', async () => {
    const res = await h.app.inject({ url: '/api/display-batteries-last7days-stats', headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/reports-site-param-summary-united-stations', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp();
    await seed(h);
    await ingestObservations(h.t.db, [
      { locationNdx: 1, parameterNdx: 2, collectTimestamp: new Date('2024-10-01T06:00:00Z'), resultValue: 5 },
      { locationNdx: 1, parameterNdx: 2, collectTimestamp: new Date('2026-05-02T21:45:00Z'), resultValue: 6 },
      { locationNdx: 1, parameterNdx: 1, collectTimestamp: new Date('2026-05-01T00:00:00Z'), resultValue: 12.5 },
      { locationNdx: 2, parameterNdx: 2, collectTimestamp: new Date('2025-01-01T07:00:00Z'), resultValue: 3 },
      { locationNdx: 3, parameterNdx: 2, collectTimestamp: new Date('2025-01-01T07:00:00Z'), resultValue: 3 },
      { locationNdx: 4, parameterNdx: 2, collectTimestamp: new Date('2025-01-01T07:00:00Z'), resultValue: 3 },
    ]);
  });
  afterAll(async () => h.close());

  it('answers anonymous callers with one row per public series, period of record and alert flag', async () => {
    const res = await h.app.inject({ url: '/api/reports-site-param-summary-united-stations' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        location_ndx: 2,
        parameter_ndx: 2,
        // The enabled flag decides: location 2's alert request is disabled.
        is_alert: false,
        facility_type_desc: 'Stream Gauges, Wells',
        facility_name: 'River Network, Well Field 1',
        parameter: 'Water Level',
        location_name: 'River Gauge 2',
        start_por: '2025-01-01T07:00:00.000Z',
        end_por: '2025-01-01T07:00:00.000Z',
        county_name: null,
        waterbody_name: 'South Platte River',
        huc12_name: null,
      },
      {
        location_ndx: 1,
        parameter_ndx: 2,
        is_alert: true,
        facility_type_desc: 'Wells',
        facility_name: 'Well Field 1',
        parameter: 'Water Level',
        location_name: 'Test Well 1',
        start_por: '2024-10-01T06:00:00.000Z',
        end_por: '2026-05-02T21:45:00.000Z',
        county_name: 'Weld',
        waterbody_name: 'South Platte River',
        huc12_name: 'Lower Box Elder Creek',
      },
      expect.objectContaining({
        location_ndx: 1,
        parameter_ndx: 1,
        is_alert: false,
        parameter: 'Battery Voltage',
        start_por: '2026-05-01T00:00:00.000Z',
      }),
    ]);
  });

  it('never leaks a private station, its facility or its watershed to the public', async () => {
    const text = (await h.app.inject({ url: '/api/reports-site-param-summary-united-stations' })).body;
    expect(text).not.toMatch(/Private Well|Secret Field|Hidden HUC|Excluded Site/);
  });

  it('adds private stations for staff, still without locations excluded from the map', async () => {
    const token = await h.tokenFor({ roles: ['User'] });
    const res = await h.app.inject({
      url: '/api/reports-site-param-summary-united-stations',
      headers: { authorization: `Bearer ${token}` },
    });
    const names = res.json().map((r: { location_name: string }) => r.location_name);
    expect(names).toEqual(['Private Well 3', 'River Gauge 2', 'Test Well 1', 'Test Well 1']);
    expect(res.json()[0]).toMatchObject({ facility_name: 'Secret Field', huc12_name: 'Hidden HUC', county_name: 'Weld' });
  });
});
