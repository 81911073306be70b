import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { makeLocation, makeParameter, makeUnit } from '../../../test/factories';
import type { Caller } from '../../access/access-policy';
import { ingestObservations, type ObservationInput } from '../timeseries/index';
import { continuous } from './collections/continuous';
import type { ItemFilter } from './ogcapi-filters.repository';
import { decodeCursor } from './ogcapi-cursor';
import { csvPage, type PageRequest } from './ogcapi-pages';
import { renderingOf } from './ogcapi.service';

/**
 * The continuous CSV read series by series (one COPY per series of a page, each in its primary
 * key's order) against the same pages as one select of the page's rows: every page's bytes and next
 * cursor alike, across series with one value or none in a window, private series, pages ending on a
 * series' last value; and the spreadsheet guard on every text cell of those series.
 */
let t: TestDatabase;
const START = Date.parse('2026-01-01T00:00:00Z');
const at = (i: number) => new Date(START + i * 900_000);
const ANONYMOUS: Caller = { sub: null, roles: [] };
const ADMIN: Caller = { sub: 'usr_csv_admin', roles: ['Administrator'] };
const QUALIFIERS = ['A', '=1+2', '-P', '@A', '+x', 'P,Ice', null, '\tq', 'A,e'];
const ids = { a: 0, b: 0, c: 0, p1: 0, p2: 0, p3: 0 };

beforeAll(async () => {
  t = await createTestDatabase();
  const formulaUnit = await makeUnit(t.db, { unit_desc: '=cfs' });
  const ft = await makeUnit(t.db, { unit_desc: 'ft' });
  const at_ = await makeUnit(t.db, { unit_desc: '@m' });
  ids.a = (await makeLocation(t.db, { latitude: 40.987654321, longitude: -104.123456789012 })).location_ndx;
  ids.b = (await makeLocation(t.db, { latitude: null, longitude: null })).location_ndx;
  ids.c = (await makeLocation(t.db, { latitude: 40.1, longitude: -104.2, is_public: false })).location_ndx;
  ids.p1 = (await makeParameter(t.db, { unit_ndx: formulaUnit.unit_ndx, usgs_parameter_code: '00060' })).parameter_ndx;
  ids.p2 = (await makeParameter(t.db, { unit_ndx: ft.unit_ndx })).parameter_ndx;
  ids.p3 = (await makeParameter(t.db, { unit_ndx: at_.unit_ndx })).parameter_ndx;
  const rows: ObservationInput[] = [];
  const series = (locationNdx: number, parameterNdx: number, count: number, from = 0) => {
    for (let i = 0; i < count; i++) {
      rows.push({
        locationNdx,
        parameterNdx,
        collectTimestamp: at(from + i),
        resultValue: i % 3 === 0 ? -1.5 - i : i / 4,
        qualifiers: QUALIFIERS[i % QUALIFIERS.length],
      });
    }
  };
  series(ids.a, ids.p1, 130);
  series(ids.a, ids.p2, 1, 60);
  series(ids.a, ids.p3, 9, 200);
  series(ids.b, ids.p1, 45, 10);
  series(ids.b, ids.p2, 7, 120);
  series(ids.c, ids.p1, 20);
  series(ids.c, ids.p3, 12, 30);
  await ingestObservations(t.db, rows);
}, 60_000);
afterAll(async () => t?.drop());

async function text(body: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

function request(caller: Caller, filter: ItemFilter, limit: number, geometry: boolean): Omit<PageRequest, 'after'> {
  const rendering = renderingOf(continuous, { f: 'csv', skipGeometry: !geometry });
  return { collection: continuous, caller, agency: { code: 'RWSD', name: null }, filter, limit, rendering, asOf: new Date() };
}

/** Every page of a query as its body and next cursor; `seriesCopies` 0 makes each page one select. */
async function pages(r: Omit<PageRequest, 'after'>, seriesCopies?: number): Promise<{ body: string; next: string | null }[]> {
  const out: { body: string; next: string | null }[] = [];
  let after: string[] | null = null;
  for (;;) {
    const page = await csvPage(t.db, { ...r, after }, true, seriesCopies);
    out.push({ body: await text(page.body), next: page.nextCursor });
    if (page.nextCursor === null) return out;
    after = decodeCursor(continuous, page.nextCursor);
    if (out.length > 1000) throw new Error('too many pages');
  }
}

describe('continuous CSV, one COPY per series of a page', () => {
  it('writes every page and next cursor as the one select of the page does, the pages adding up to the whole', async () => {
    const window: ItemFilter = { interval: { start: { instant: '2026-01-01T02:00:00Z' }, end: { instant: '2026-01-02T08:00:00Z' } } };
    const cases: [Caller, ItemFilter, number[]][] = [
      [ANONYMOUS, {}, [7, 45, 130, 131, 50_000]],
      [ADMIN, {}, [20, 64, 175]],
      [ADMIN, window, [4, 13, 50_000]],
      [ANONYMOUS, { parameters: ['00060'] }, [11, 130]],
      [ADMIN, { locations: [ids.c, ids.b] }, [6, 45]],
    ];
    for (const [caller, filter, limits] of cases) {
      const whole = (await pages(request(caller, filter, 50_000, true), 0))[0].body;
      for (const limit of limits) {
        const what = `${caller.sub ?? 'anonymous'} ${JSON.stringify(filter)} limit ${limit}`;
        const r = request(caller, filter, limit, limit % 2 === 0);
        const bySeries = await pages(r);
        expect(bySeries, what).toEqual(await pages(r, 0));
        const header = bySeries[0].body.slice(0, bySeries[0].body.indexOf('\n') + 1);
        if (limit % 2 === 0) {
          expect(bySeries.map((p) => p.body.slice(header.length)).join(''), what).toBe(whole.slice(header.length));
        }
      }
    }
  }, 180_000);

  it('neutralises the text cells a spreadsheet would run (unit, qualifier) and writes numbers and times as they are', async () => {
    const [page] = await pages(request(ADMIN, { locations: [ids.a], parameters: ['00060'] }, 50_000, true));
    const lines = page.body.split('\n');
    expect(lines[0]).toBe(
      'id,time_series_id,monitoring_location_id,parameter_code,statistic_id,time,value,unit_of_measure,approval_status,qualifier,last_modified,longitude,latitude',
    );
    const series = `${ids.a}-${ids.p1}`;
    const cells = (i: number) => lines[1 + i].replace(/,[^,]*,-104\.123456789012,40\.987654321$/, '');
    expect(cells(0)).toBe(`${series}-${START},${series}-15min,RWSD-${ids.a},00060,00011,2026-01-01T00:00:00+00:00,-1.5,'=cfs,Approved,A`);
    expect(cells(1)).toBe(
      `${series}-${START + 900_000},${series}-15min,RWSD-${ids.a},00060,00011,2026-01-01T00:15:00+00:00,0.25,'=cfs,Provisional,'=1+2`,
    );
    expect(cells(2)).toMatch(/,0\.5,'=cfs,Provisional,'-P$/);
    expect(cells(3)).toMatch(/,-4\.5,'=cfs,Provisional,'@A$/);
    expect(cells(4)).toMatch(/,1,'=cfs,Provisional,'\+x$/);
    expect(cells(5)).toMatch(/,1\.25,'=cfs,Provisional,"P,Ice"$/);
    expect(cells(6)).toMatch(/,-7\.5,'=cfs,Provisional,$/);
    expect(cells(7)).toMatch(/,1\.75,'=cfs,Provisional,'\tq$/);
    expect(cells(8)).toMatch(/,2,'=cfs,Approved,"A,e"$/);
    expect(lines).toHaveLength(1 + 130 + 1);
    const [other] = await pages(request(ADMIN, { locations: [ids.a, ids.b], parameters: [String(ids.p3), String(ids.p2)] }, 50_000, true));
    const units = new Set(
      other.body
        .split('\n')
        .slice(1, -1)
        .map((l) => l.split(',')[7]),
    );
    expect(units).toEqual(new Set(["'@m", 'ft']));
  });
});
