import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreated } from '@portal/contracts';
import { makeUser } from '../../../test/factories';
import { OGC_LOC, seedOgcDistrict } from '../../../test/ogcapi-fixture';
import { freePort } from '../../../test/server-process';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Real clients read private data with a personal API key in a header, as a script would: GDAL
 * (GDAL_HTTP_HEADERS, what QGIS's "API Header" authentication sends) and OWSLib (headers=).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../../..');
const OWSLIB_SCRIPT = path.resolve(here, '../../../test/ogc-clients/owslib_read.py');
const run = promisify(execFile);

let h: TestApp;
let base: string;
let key: string;

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-ogc-clients.mjs')], { stdio: 'inherit' });
  const port = await freePort();
  h = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  await seedOgcDistrict(h.t.db);
  await h.app.listen({ port, host: '127.0.0.1' });
  base = `http://127.0.0.1:${port}/ogcapi`;
  const user = await makeUser(h.t.db, { role: 'User' });
  const token = await h.tokenFor({ sub: user.user_id, email: user.email, roles: ['User'] });
  const made = await h.app.inject({
    method: 'POST',
    url: '/api/account/api-keys',
    payload: { name: 'gdal and owslib', lifetimeDays: 30 },
    headers: { authorization: `Bearer ${token}` },
  });
  key = (made.json() as ApiKeyCreated).secret;
}, 600_000);
afterAll(async () => h?.close());

/** Location ids ogrinfo lists in monitoring-locations, with GDAL_HTTP_HEADERS set when a header is given. */
async function gdalLocations(header?: string): Promise<string[]> {
  const env = { ...process.env, ...(header ? { GDAL_HTTP_HEADERS: header } : {}) };
  const { stdout } = await run('/usr/bin/ogrinfo', ['-ro', '-al', '-q', `OAPIF:${base}`, 'monitoring-locations'], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...stdout.matchAll(/^\s*id \(String\) = (\S+)/gm)].map((m) => m[1]);
}

async function owslib(collection: string, params: Record<string, string | number>, header?: string) {
  const args = [OWSLIB_SCRIPT, base, header ? key : '', collection, JSON.stringify(params), ...(header ? [header] : [])];
  const { stdout } = await run('/usr/bin/python3', args, { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as { features: { id: string }[]; error?: { code: string; description: string } };
}

describe('GDAL and OWSLib with an API key', () => {
  it('GDAL reads the private location with the key in GDAL_HTTP_HEADERS, and not without it', async () => {
    const anonymous = await gdalLocations();
    expect(anonymous).toContain(`RWSD-${OGC_LOC.public}`);
    expect(anonymous).not.toContain(`RWSD-${OGC_LOC.private}`);
    expect(await gdalLocations(`X-Api-Key: ${key}`)).toContain(`RWSD-${OGC_LOC.private}`);
  }, 120_000);

  it('OWSLib reads the private series with the key in headers=, and not without it', async () => {
    expect((await owslib('continuous', { monitoring_location_id: OGC_LOC.private })).features).toEqual([]);
    expect((await owslib('continuous', { monitoring_location_id: OGC_LOC.private }, 'X-Api-Key')).features).toHaveLength(40);
  }, 120_000);
});
