import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../tokens/guard';
import { createTestApp, type TestApp } from '../../test/test-app';
import { IDENTITIES, apiRoutes, call, expectedGuard, fillPath, hasBody, hasErrorShape } from '../../test/route-calls';

/**
 * Every /api and /ogcapi route, as every caller: the status the guard must give comes from the route's one
 * declared access (decision 0002), so a route that loses or loosens its guard fails here. What a
 * caller who passes the guard may read is the access policy's test (decision 0012).
 */
describe('authorization matrix over every API route', () => {
  let h: TestApp;
  const tokens = new Map<string, string | undefined>();

  beforeAll(async () => {
    h = await createTestApp();
    for (const id of IDENTITIES)
      tokens.set(
        id.name,
        id.roles === null ? undefined : await h.tokenFor({ sub: `usr_matrix_${id.name.replace(/ /g, '_')}`, roles: id.roles }),
      );
  });
  afterAll(async () => h.close());

  it('knows the API (the matrix is not empty)', () => {
    expect(apiRoutes(h).length).toBeGreaterThan(40);
  });

  // The one access table of the API: who may call each route. Loosening a guard means changing
  // this reviewed document too (UPDATE_ACCESS_TABLE=1 rewrites it from the code).
  it('declares exactly the access listed in docs/api-access.md', () => {
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/api-access.md');
    const table = accessTable(apiRoutes(h));
    if (process.env.UPDATE_ACCESS_TABLE === '1') fs.writeFileSync(file, table);
    expect(fs.readFileSync(file, 'utf8')).toBe(table);
  });

  it("answers each caller as the route declares, in its API's error shape and never a 5xx", async () => {
    const failures: string[] = [];
    for (const route of apiRoutes(h)) {
      const url = fillPath(route.url, () => '1');
      for (const id of IDENTITIES) {
        const res = await call(h, route.method, url, tokens.get(id.name), hasBody(route.method) ? {} : undefined);
        const expected = expectedGuard(route, id.roles);
        const where = `${route.method} ${route.url} as ${id.name}: ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (expected === 'passes' ? res.statusCode === 401 || res.statusCode === 403 : res.statusCode !== expected)
          failures.push(`expected ${expected}; ${where}`);
        if (res.statusCode >= 500 && res.statusCode !== 502 && res.statusCode !== 504) failures.push(`server error; ${where}`);
        if (res.statusCode >= 400 && !/^application\/json/.test(String(res.headers['content-type'])))
          failures.push(`error without JSON; ${where}`);
        if (res.statusCode >= 400 && /^application\/json/.test(String(res.headers['content-type']))) {
          if (!hasErrorShape(url, res.json() as Record<string, unknown>)) failures.push(`error shape; ${where}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses forged, expired, unsigned and foreign tokens on every protected route', async () => {
    const good = await h.tokenFor({ roles: ['Administrator'] });
    const [header, payload] = good.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    const bad = [
      `${header}.${payload}.AAAA`,
      none,
      await h.tokenFor({ roles: ['Administrator'], expiresIn: '-1m' }),
      await h.tokenFor({ roles: ['Administrator'], issuer: 'https://idp.example.org' }),
    ];
    const failures: string[] = [];
    for (const route of apiRoutes(h)) {
      const url = fillPath(route.url, () => '1');
      for (const token of bad) {
        const res = await call(h, route.method, url, token, hasBody(route.method) ? {} : undefined);
        // A bad token is 401 even on public routes: the client expects to be recognised (decision 0002).
        if (res.statusCode !== 401) failures.push(`${route.method} ${route.url}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

function accessTable(routes: DeclaredRoute[]): string {
  const who = (r: DeclaredRoute) =>
    r.access === 'public' ? 'anyone' : r.access === 'authenticated' ? 'any signed-in caller' : r.access.join(', ');
  const rows = [...routes]
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
    .map((r) => `| ${r.method} | \`${r.url}\` | ${who(r)} |`);
  return [
    '# Who may call each API route',
    '',
    "Generated from the routes' declared access (`config.access`, decision 0002) and checked by",
    '`apps/server/src/http/route-matrix.int.test.ts`, which also calls every route as every caller.',
    'What a caller may read once past this guard is decision 0012. After adding or changing a route:',
    '`UPDATE_ACCESS_TABLE=1 npx vitest run --project integration apps/server/src/http/route-matrix.int.test.ts`.',
    '',
    '| method | path | who may call it |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
