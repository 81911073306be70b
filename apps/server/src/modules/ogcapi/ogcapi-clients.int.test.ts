import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/server-process';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DISCHARGE_READINGS, OGC_LOC, OGC_PARAM, seedOgcDistrict } from '../../../test/ogcapi-fixture';

/**
 * Real clients that nobody here wrote, against the API listening on loopback: GDAL's OGC API -
 * Features driver (what QGIS uses; ogrinfo and ogr2ogr) and OWSLib (the Python client). The test
 * installs them when missing (scripts/ensure-ogc-clients.mjs), as the e2e tests install Chromium.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../../..');
const OWSLIB_SCRIPT = path.resolve(here, '../../../test/ogc-clients/owslib_read.py');
const run = promisify(execFile);

let h: TestApp;
let base: string;
let adminToken: string;
let staffToken: string;
let tmp: string;

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-ogc-clients.mjs')], { stdio: 'inherit' });
  const port = await freePort();
  h = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  await seedOgcDistrict(h.t.db);
  await h.app.listen({ port, host: '127.0.0.1' });
  base = `http://127.0.0.1:${port}/ogcapi`;
  adminToken = await h.tokenFor({ sub: 'usr_gdal_admin', roles: ['Administrator'] });
  staffToken = await h.tokenFor({ sub: 'usr_gdal_staff', roles: ['User'] });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ogc-clients-'));
}, 600_000);
afterAll(async () => {
  await h?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** GDAL with the bearer token in every request's headers (GDAL_HTTP_HEADERS) when one is given. */
async function gdal(tool: 'ogrinfo' | 'ogr2ogr', args: string[], token?: string): Promise<string> {
  return (await gdalRun(tool, args, token)).stdout;
}

/** stdout and, with CPL_DEBUG on, GDAL's log of what it fetched (stderr). */
async function gdalRun(tool: 'ogrinfo' | 'ogr2ogr', args: string[], token?: string) {
  const config = token ? ['--config', 'GDAL_HTTP_HEADERS', `Authorization: Bearer ${token}`] : [];
  return run(`/usr/bin/${tool}`, [...config, ...args], { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CPL_DEBUG: 'ON' } });
}

/** A layer read by ogr2ogr into GeoJSON, in pages of `pageSize`. */
async function gdalFeatures(layer: string, opts: { token?: string; pageSize?: number; where?: string } = {}) {
  const out = path.join(tmp, `${layer}-${Math.random().toString(36).slice(2)}.geojson`);
  const args = ['-f', 'GeoJSON', out, `OAPIF:${base}`, layer, '-oo', `PAGE_SIZE=${opts.pageSize ?? 1000}`];
  if (opts.where) args.push('-where', opts.where);
  await gdal('ogr2ogr', args, opts.token);
  const fc = JSON.parse(fs.readFileSync(out, 'utf8')) as { features: { properties: Record<string, unknown> }[] };
  return fc.features;
}

interface OwslibResult {
  conformance: string[];
  collections: string[];
  features: { id: string; properties: Record<string, unknown> }[];
  pages: number;
  error?: { code: string; description: string };
}

async function owslib(collection: string, params: Record<string, string | number>, token = ''): Promise<OwslibResult> {
  const { stdout } = await run('/usr/bin/python3', [OWSLIB_SCRIPT, base, token, collection, JSON.stringify(params)], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as OwslibResult;
}

async function sqlCount(query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  return (await query.execute(h.t.db)).rows[0].n;
}

describe('GDAL (ogrinfo, ogr2ogr: the OAPIF driver QGIS uses)', () => {
  it('opens the landing page and lists the collections as layers', async () => {
    const out = await gdal('ogrinfo', ['-ro', '-q', `OAPIF:${base}`]);
    for (const layer of ['monitoring-locations', 'time-series-metadata', 'latest-continuous', 'latest-daily', 'continuous', 'daily'])
      expect(out).toMatch(new RegExp(`: ${layer}( |$)`, 'm'));
  });

  it('counts features equal to SQL for anonymous and for an administrator', async () => {
    const count = async (layer: string, token?: string) =>
      Number(/Feature Count: (\d+)/.exec(await gdal('ogrinfo', ['-ro', '-so', `OAPIF:${base}`, layer], token))?.[1]);
    const publicValues = await sqlCount(sql<{ n: number }>`
      select count(*)::int as n from observation o join location l on l.location_ndx = o.location_ndx
      where l.is_public and not l.exclude_from_map`);
    const allValues = await sqlCount(sql<{ n: number }>`select count(*)::int as n from observation`);
    expect(await count('continuous')).toBe(publicValues);
    expect(await count('continuous', adminToken)).toBe(allValues);
    expect(await count('monitoring-locations')).toBe(2);
    expect(await count('monitoring-locations', adminToken)).toBe(4);
    // Reading every feature page by page gives the same numbers.
    expect(await gdalFeatures('continuous', { pageSize: 100 })).toHaveLength(publicValues);
    expect(await gdalFeatures('continuous', { pageSize: 100, token: adminToken })).toHaveLength(allValues);
  });

  it('reports the true count of every collection with its default options (numberMatched; pages as large as the API allows)', async () => {
    const readable = sql`join location l on l.location_ndx = x.location_ndx where l.is_public and not l.exclude_from_map`;
    const series = await sqlCount(sql<{ n: number }>`select count(*)::int as n from series_latest x ${readable}`);
    const expected: Record<string, number> = {
      'monitoring-locations': 2,
      'time-series-metadata': 4 * series,
      'latest-continuous': series,
      // A day is three features: its maximum, minimum and mean.
      'latest-daily':
        3 *
        (await sqlCount(
          sql<{ n: number }>`select count(distinct (x.location_ndx, x.parameter_ndx))::int as n from observation_daily x ${readable}`,
        )),
      continuous: await sqlCount(sql<{ n: number }>`select count(*)::int as n from observation x ${readable}`),
      daily: 3 * (await sqlCount(sql<{ n: number }>`select count(*)::int as n from observation_daily x ${readable}`)),
    };
    for (const [layer, n] of Object.entries(expected)) {
      const { stdout, stderr } = await gdalRun('ogrinfo', ['-ro', '-so', `OAPIF:${base}/v0`, layer]);
      expect(Number(/Feature Count: (\d+)/.exec(stdout)?.[1]), layer).toBe(n);
      // One request of items for the count: numberMatched, not a walk through every page.
      expect(stderr.match(/Fetch\(\S*\/items\?/g)?.length ?? 0, layer).toBeLessThanOrEqual(2);
    }
  });

  it('reads a series across several pages equal to the table row for row', async () => {
    const features = await gdalFeatures('continuous', {
      pageSize: 60,
      where: `monitoring_location_id = 'RWSD-${OGC_LOC.public}' AND parameter_code = '00060'`,
    });
    const { rows } = await sql<{ t: Date; v: number }>`
      select collect_timestamp as t, result_value as v from observation
      where location_ndx = ${OGC_LOC.public} and parameter_ndx = ${OGC_PARAM.discharge} order by collect_timestamp`.execute(h.t.db);
    expect(rows).toHaveLength(DISCHARGE_READINGS);
    expect(features.map((f) => [Date.parse(String(f.properties.time)), Number(f.properties.value)])).toEqual(
      rows.map((r) => [r.t.getTime(), r.v]),
    );
  });

  it("sends attribute filters to the server, as the API's OpenAPI document lists them per collection", async () => {
    const { stderr } = await gdalRun('ogrinfo', [
      '-ro',
      '-al',
      '-q',
      `OAPIF:${base}`,
      'continuous',
      '-where',
      "monitoring_location_id = 'RWSD-1' AND approval_status = 'Provisional'",
    ]);
    expect(stderr).not.toContain('evaluated on client side');
    expect(stderr).toMatch(/Fetch\(\S*\/ogcapi\/collections\/continuous\/items\?\S*monitoring_location_id=RWSD-1/);
  });

  it('shows a private location to staff and not to anonymous callers', async () => {
    const names = async (token?: string) =>
      (await gdalFeatures('monitoring-locations', { token })).map((f) => f.properties.monitoring_location_name);
    expect(await names()).not.toContain('Private Gage');
    expect(await names(staffToken)).toContain('Private Gage');
  });
});

describe('OWSLib', () => {
  it('reads conformance and collections', async () => {
    const r = await owslib('monitoring-locations', {});
    expect(r.conformance).toEqual(expect.arrayContaining(['http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core']));
    expect(r.collections).toEqual([
      'monitoring-locations',
      'time-series-metadata',
      'latest-continuous',
      'latest-daily',
      'continuous',
      'daily',
    ]);
    expect(r.features.map((f) => f.id)).toEqual(['RWSD-1', 'RWSD-4']);
  });

  it('opens the API at the root USGS clients use, given with a trailing slash', async () => {
    const { stdout } = await run('/usr/bin/python3', [OWSLIB_SCRIPT, `${base}/v0/`, '', 'monitoring-locations', '{}'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const r = JSON.parse(stdout) as OwslibResult;
    expect(r.error).toBeUndefined();
    expect(r.features.map((f) => f.id)).toEqual(['RWSD-1', 'RWSD-4']);
  });

  it('reads a series across several pages equal to the table row for row, and the private one only with a token', async () => {
    const r = await owslib('continuous', { monitoring_location_id: OGC_LOC.public, parameter_code: OGC_PARAM.discharge, limit: 70 });
    expect(r.pages).toBe(Math.ceil(DISCHARGE_READINGS / 70));
    const { rows } = await sql<{ t: Date; v: number; q: string | null }>`
      select collect_timestamp as t, result_value as v, qualifiers as q from observation
      where location_ndx = ${OGC_LOC.public} and parameter_ndx = ${OGC_PARAM.discharge} order by collect_timestamp`.execute(h.t.db);
    expect(
      r.features.map((f) => [Date.parse(String(f.properties.time)), Number(f.properties.value), f.properties.approval_status]),
    ).toEqual(rows.map((x) => [x.t.getTime(), x.v, x.q?.split(',').includes('P') ? 'Provisional' : 'Approved']));
    expect((await owslib('continuous', { monitoring_location_id: OGC_LOC.private })).features).toEqual([]);
    expect((await owslib('continuous', { monitoring_location_id: OGC_LOC.private }, staffToken)).features).toHaveLength(40);
  });

  it('reads daily means equal to observation_daily', async () => {
    const r = await owslib('daily', {
      monitoring_location_id: OGC_LOC.public,
      parameter_code: OGC_PARAM.discharge,
      statistic_id: '00003',
      time: '2026-03-07/2026-03-09',
    });
    const { rows } = await sql<{ d: string; mean: number; n: number }>`
      select local_date::text as d, round(mean_value::numeric, 1)::float8 as mean, value_count as n from observation_daily
      where location_ndx = ${OGC_LOC.public} and parameter_ndx = ${OGC_PARAM.discharge} order by local_date`.execute(h.t.db);
    expect(r.features.map((f) => [f.properties.time, Number(f.properties.value), f.properties.count])).toEqual(
      rows.map((x) => [x.d, x.mean, x.n]),
    );
  });

  it('gets 400 in the exception shape for bad parameters', async () => {
    for (const params of [
      { limit: 0 },
      { datetime: 'last week' },
      { bbox: '1,2' },
      { datetime: '0000-01-01' },
      { filter: "approval_status = 'x" },
    ] as Record<string, string | number>[]) {
      const r = await owslib('continuous', params);
      expect(r.error?.code, JSON.stringify(params)).toBe('InvalidParameterValue');
      expect(typeof r.error?.description).toBe('string');
    }
  });
});
