import { describe, expect, it } from 'vitest';
import { DISCHARGE_READINGS, DISCHARGE_START, OGC_LOC, OGC_PARAM } from '../../../test/ogcapi-fixture';
import { ogcApiHarness, PUBLIC_URL } from '../../../test/ogcapi-harness';

const ogc = ogcApiHarness();
const { get, readAll } = ogc;

/** The records of a CSV text (RFC 4180: quoted cells may hold commas, quotes and line breaks), each as its cells. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  const cell = /("(?:[^"]|"")*"|[^",\n]*)(,|\n|$)/y;
  let record: string[] = [];
  while (cell.lastIndex < text.length) {
    const m = cell.exec(text)!;
    record.push(m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1]);
    if (m[2] !== ',') {
      records.push(record);
      record = [];
    }
  }
  return records;
}

/** Every CSV page of a query by its Link headers: the header line of each page and the text after it. */
async function readAllCsv(url: string, token?: string): Promise<{ headers: string[]; rows: string; pages: number }> {
  const headers: string[] = [];
  let rows = '';
  let next: string | undefined = url;
  while (next) {
    const page = await get(next, token);
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    expect(page.headers['content-type']).toBe('text/csv; charset=utf-8');
    const headerEnd = page.body.indexOf('\n') + 1;
    headers.push(page.body.slice(0, headerEnd));
    rows += page.body.slice(headerEnd);
    const href = /^<([^>]+)>; rel="next"; type="text\/csv"$/.exec(String(page.headers.link ?? ''))?.[1];
    if (href) expect(href.startsWith(`${PUBLIC_URL}/ogcapi/`)).toBe(true);
    next = href?.slice(PUBLIC_URL.length);
  }
  return { headers, rows, pages: headers.length };
}

describe('CSV', () => {
  // Written by PostgreSQL's COPY, whose lines end in LF (decision 0051); cells neutralised and quoted as every CSV of the portal.
  it('writes the same columns, neutralising formulas as every CSV of the portal, lines ending in LF', async () => {
    const res = await get(
      '/ogcapi/collections/monitoring-locations/items?f=csv&properties=monitoring_location_code,monitoring_location_name',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body).not.toContain('\r');
    expect(res.body.split('\n')).toEqual([
      'id,monitoring_location_name,monitoring_location_code,longitude,latitude',
      'RWSD-1,South Platte at Kersey,SP-KERSEY,-104.56,40.41',
      `RWSD-4,"'=HYPERLINK(""http://x"",""click"")","'=HYPERLINK(""http://x"")",,`,
      '',
    ]);
  });

  it('writes one feature by its id as the same header and line as its page', async () => {
    const query = 'f=csv&properties=monitoring_location_code,monitoring_location_name';
    const res = await get(`/ogcapi/collections/monitoring-locations/items/RWSD-4?${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body).toBe(
      'id,monitoring_location_name,monitoring_location_code,longitude,latitude\n' +
        `RWSD-4,"'=HYPERLINK(""http://x"",""click"")","'=HYPERLINK(""http://x"")",,\n`,
    );
    const value = await get(`/ogcapi/collections/continuous/items/1-1-${DISCHARGE_START.getTime()}?f=csv&skipGeometry=true`);
    expect(value.body.split('\n')[1]).toBe(
      `1-1-${DISCHARGE_START.getTime()},1-1-15min,RWSD-1,00060,00011,2026-03-07T07:00:00+00:00,${csvRecords(value.body)[1][6]},cfs,Approved,A,${csvRecords(value.body)[1][10]}`,
    );
    expect((await get(`/ogcapi/collections/monitoring-locations/items/RWSD-${OGC_LOC.private}?f=csv`)).statusCode).toBe(404);
  });

  it('pages CSV like JSON, the next page in the Link header', async () => {
    const url = '/ogcapi/collections/continuous/items?f=csv&limit=100&skipGeometry=true&monitoring_location_id=1&parameter_code=1';
    const { headers, rows, pages } = await readAllCsv(url);
    expect(headers.every((h) => h.startsWith('id,time_series_id,'))).toBe(true);
    const lines = rows.trimEnd().split('\n');
    expect(pages).toBe(Math.ceil(DISCHARGE_READINGS / 100));
    expect(lines).toHaveLength(DISCHARGE_READINGS);
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(DISCHARGE_READINGS);
    const res = await get('/ogcapi/collections/continuous/items?f=csv&limit=5&skipGeometry=true');
    const lines5 = res.body.trimEnd().split('\n');
    expect(lines5[0]).toBe(
      'id,time_series_id,monitoring_location_id,parameter_code,statistic_id,time,value,unit_of_measure,approval_status,qualifier,last_modified',
    );
    expect(lines5).toHaveLength(6);
  });

  it('writes filter values into the COPY as quoted literals, never as SQL', async () => {
    for (const name of ["x'; drop table location; --", "x\\'; select 1; --", '$1 $$ $a$']) {
      const filter = encodeURIComponent(`monitoring_location_name = '${name.replace(/'/g, "''")}'`);
      const res = await get(`/ogcapi/collections/monitoring-locations/items?f=csv&filter=${filter}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body.split('\n').slice(1)).toEqual(['']);
    }
    const kersey = encodeURIComponent("monitoring_location_name = 'South Platte at Kersey'");
    expect((await get(`/ogcapi/collections/monitoring-locations/items?f=csv&filter=${kersey}`)).body.split('\n')[1]).toMatch(/^RWSD-1,/);
  });

  it.each([
    ['monitoring-locations', 'limit=1'],
    ['time-series-metadata', 'limit=1'],
    ['latest-continuous', 'limit=1'],
    ['latest-daily', 'limit=1'],
    ['continuous', 'limit=100'],
    ['continuous', 'limit=37&skipGeometry=true&approval_status=Provisional'],
    // A page ending with its series' last value; a time window, where pages span series.
    ['continuous', `limit=${DISCHARGE_READINGS}`],
    ['continuous', 'limit=45&datetime=2026-03-07T12:00:00Z/2026-03-08'],
    ['daily', 'limit=3&properties=value,time'],
  ])('pages %s (%s) by its Link headers to one unpaged read, and the features of its GeoJSON pages', async (collection, query) => {
    const url = `/ogcapi/collections/${collection}/items?f=csv&${query}`;
    const paged = await readAllCsv(url, ogc.admin);
    const whole = await readAllCsv(url.replace(/limit=\d+/, 'limit=50000'), ogc.admin);
    expect(whole.pages).toBe(1);
    expect(paged.pages).toBeGreaterThan(1);
    expect(new Set(paged.headers)).toEqual(new Set(whole.headers));
    expect(paged.rows).toBe(whole.rows);
    const json = await readAll(url.replace('f=csv&', ''), ogc.admin);
    expect(csvRecords(paged.rows).map((r) => r[0])).toEqual(json.features.map((f) => String(f.id)));
  });

  it('pages the values an anonymous caller reads across series to one unpaged read, skipping the series it may not read', async () => {
    for (const query of ['limit=50', 'limit=7&datetime=2026-03-08T12:00:00Z/..']) {
      const url = `/ogcapi/collections/continuous/items?f=csv&skipGeometry=true&${query}`;
      const paged = await readAllCsv(url);
      const whole = await readAllCsv(url.replace(/limit=\d+/, 'limit=50000'));
      expect(paged.pages).toBeGreaterThan(2);
      expect(paged.rows).toBe(whole.rows);
      const series = new Set(csvRecords(paged.rows).map((r) => r[1]));
      expect(series).toEqual(new Set([`${OGC_LOC.public}-${OGC_PARAM.discharge}-15min`, `${OGC_LOC.public}-${OGC_PARAM.stage}-15min`]));
    }
  });
});
