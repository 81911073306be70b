import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { SOURCE_POPUP_FIELDS as POPUP_FIELDS } from '../../seed/dwr-layers';
import { syncDueMapSources } from './map-sources.service';

// A local stand-in for the CDSS REST API, serving our fixtures in its documented envelope.
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');
const requests: URL[] = [];
let failing = false;
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  requests.push(url);
  const send = (status: number, body: string) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  if (failing) return send(400, JSON.stringify('Error: (division or waterDistrict) required for this search'));
  if (url.pathname === '/api/v2/telemetrystations/telemetrystation/') {
    return send(
      200,
      fixture(url.searchParams.get('pageIndex') === '2' ? 'telemetry-stations-page2.json' : 'telemetry-stations-page1.json'),
    );
  }
  if (url.pathname === '/api/v2/administrativecalls/active/') return send(200, fixture('admin-calls-active.json'));
  if (url.pathname === '/api/v2/structures/') return send(200, fixture('structures.json'));
  return send(404, JSON.stringify('Error: not found'));
});

let t: TestDatabase;
let base: string;
const t0 = new Date(Date.UTC(2026, 4, 20, 17, 10));
const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  t = await createTestDatabase();
  await t.db
    .insertInto('map_source')
    .values([
      {
        map_source_id: 'dwr-streamflow',
        source_type: 'geojson',
        external_url: 'telemetrystations/telemetrystation/?division=1',
        transform: 'telemetry-stations',
        refresh_minutes: 15,
      },
      {
        map_source_id: 'usds-spr-current-symbol',
        source_type: 'geojson',
        external_url: 'telemetrystations/telemetrystation/?division=1&parameter=DISCHRG',
        transform: 'current-flow',
        refresh_minutes: 15,
      },
      {
        map_source_id: 'rivercalls',
        source_type: 'geojson',
        external_url: `${base}/administrativecalls/active/?division=1`,
        transform: 'admin-calls',
        refresh_minutes: 60,
      },
      {
        map_source_id: 'diversion-points',
        source_type: 'geojson',
        external_url: 'structures/?waterDistrict=2',
        transform: 'structures',
        refresh_minutes: 1440,
      },
      // Seeded copies without a URL are never touched by the job.
      { map_source_id: 'dwr-reservoir', source_type: 'geojson', data: JSON.stringify({ type: 'FeatureCollection', features: [] }) },
    ])
    .execute();
});
afterAll(async () => {
  server.close();
  await t?.drop();
});
beforeEach(() => {
  requests.length = 0;
  failing = false;
});

const stored = (id: string) =>
  t.db
    .selectFrom('map_source')
    .select(['data', 'last_error', 'last_refreshed_at', 'last_attempt_at'])
    .where('map_source_id', '=', id)
    .executeTakeFirstOrThrow();
type Fc = { features: { id: string; geometry: { coordinates: number[] }; properties: Record<string, unknown> }[] };

describe('map source sync job', () => {
  it('fetches every CDSS page, transforms to the popup fields and stores the copies', async () => {
    const results = await syncDueMapSources(t.db, { cdssBaseUrl: base, pageSize: 2, now: t0 });
    expect(results).toEqual([
      { id: 'diversion-points', ok: true, features: 1 },
      { id: 'dwr-streamflow', ok: true, features: 3 },
      { id: 'rivercalls', ok: true, features: 2 },
      { id: 'usds-spr-current-symbol', ok: true, features: 2 },
    ]);
    // Paging: page 2 was asked for, with the documented parameters.
    const telemetry = requests.filter((u) => u.pathname.endsWith('/telemetrystation/'));
    expect(telemetry.map((u) => u.searchParams.get('pageIndex'))).toEqual(['1', '2', '1', '2']);
    for (const u of telemetry) {
      expect(u.searchParams.get('pageSize')).toBe('2');
      expect(u.searchParams.get('format')).toBe('json');
      expect(u.searchParams.get('dateFormat')).toBe('spaceSepToSeconds');
      expect(u.searchParams.get('division')).toBe('1');
    }

    const flow = (await stored('dwr-streamflow')).data as Fc;
    expect(flow.features.map((f) => f.id)).toEqual(['PLAKERCO', 'EVANS2CO', 'BARRESCO']); // no-coordinate station skipped
    for (const f of flow.features) expect(Object.keys(f.properties).sort()).toEqual([...POPUP_FIELDS['dwr-streamflow']].sort());
    expect(flow.features[0].geometry.coordinates).toEqual([-104.565, 40.41]);
    expect(flow.features[0].properties).toMatchObject({
      location_id: 'PLAKERCO',
      location_display_label: 'SOUTH PLATTE RIVER NEAR KERSEY',
      last_report: '2026-05-20T16:45:00.000Z', // 10:45 MDT
      system_url: 'https://dwr.state.co.us/Tools/Stations/PLAKERCO',
      locationtype: 'Stream Gage',
      county_name: 'WELD',
    });

    const current = (await stored('usds-spr-current-symbol')).data as Fc;
    expect(current.features.map((f) => f.properties.location_id)).toEqual(['PLAKERCO', 'EVANS2CO']);
    expect(Object.keys(current.features[0].properties).sort()).toEqual([...POPUP_FIELDS['usds-spr-current-symbol']].sort());
    expect(current.features[0].properties).toMatchObject({ current_flow_cfs: 512, stream_mile: 247.2, source: 'DWR', wdid: '0102535' });

    const calls = (await stored('rivercalls')).data as Fc;
    expect(Object.keys(calls.features[0].properties).sort()).toEqual([...POPUP_FIELDS.rivercalls].sort());
    expect(calls.features[1].properties).toMatchObject({
      structure_name: 'CACHE LA POUDRE RESERVOIR',
      admin_no: '20066.19327',
      appro_date: '1904-12-09',
      date_set: '2026-05-15T14:00:00.000Z',
      set_comments: null,
      source_url: 'https://dwr.state.co.us/Tools/AdministrativeCalls/40121',
    });

    const points = (await stored('diversion-points')).data as Fc;
    expect(Object.keys(points.features[0].properties).sort()).toEqual([...POPUP_FIELDS['diversion-points']].sort());
    expect(points.features[0].properties).toMatchObject({
      WDID: '0200803',
      MoreInfo: 'https://dwr.state.co.us/Tools/Structures/0200803',
      CurrInUse: 'A',
      LocAccurac: 'Spotted from section lines',
    });

    const row = await stored('dwr-streamflow');
    expect(row.last_error).toBeNull();
    expect(row.last_refreshed_at?.getTime()).toBe(t0.getTime());
    expect((await stored('dwr-reservoir')).last_attempt_at).toBeNull();
  });

  it('honours refresh_minutes: nothing is due right after a sync, the 15-minute sources after 15 minutes', async () => {
    expect(await syncDueMapSources(t.db, { cdssBaseUrl: base, pageSize: 2, now: later(5) })).toEqual([]);
    const due = await syncDueMapSources(t.db, { cdssBaseUrl: base, pageSize: 2, now: later(15) });
    expect(due.map((r) => r.id)).toEqual(['dwr-streamflow', 'usds-spr-current-symbol']);
  });

  it('keeps the last good copy and records the error when the service fails', async () => {
    const before = (await stored('rivercalls')).data;
    failing = true;
    const results = await syncDueMapSources(t.db, { cdssBaseUrl: base, pageSize: 2, now: later(61) });
    expect(results.find((r) => r.id === 'rivercalls')).toEqual({
      id: 'rivercalls',
      ok: false,
      error: 'CDSS answered HTTP 400: Error: (division or waterDistrict) required for this search',
    });
    const after = await stored('rivercalls');
    expect(after.data).toEqual(before);
    expect(after.last_error).toBe('CDSS answered HTTP 400: Error: (division or waterDistrict) required for this search');
    expect(after.last_refreshed_at?.getTime()).toBe(t0.getTime());
    expect(after.last_attempt_at?.getTime()).toBe(later(61).getTime());

    // Back up: the next due run clears the error.
    failing = false;
    await syncDueMapSources(t.db, { cdssBaseUrl: base, pageSize: 2, now: later(125) });
    expect((await stored('rivercalls')).last_error).toBeNull();
  });

  it('records an unreachable service and an unknown transform without touching the data', async () => {
    await t.db.updateTable('map_source').set({ transform: 'no-such-transform' }).where('map_source_id', '=', 'diversion-points').execute();
    const results = await syncDueMapSources(t.db, { cdssBaseUrl: 'http://127.0.0.1:9/api/v2', pageSize: 2, now: later(3000) });
    expect(results.find((r) => r.id === 'diversion-points')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Unknown transform "no-such-transform"/),
    });
    expect(results.find((r) => r.id === 'dwr-streamflow')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^CDSS request failed \(127\.0\.0\.1:9\)/),
    });
    expect(((await stored('dwr-streamflow')).data as Fc).features).toHaveLength(3);
  });
});
