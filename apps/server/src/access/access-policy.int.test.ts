import { describe, expect, it } from 'vitest';
import { LOOKUP_NAMES } from '@portal/contracts';
import { useAccessFixture } from '../../test/access/access-fixture';
import { COLUMNS, guardStatus, TABLE } from '../../test/access/access-table';
import { DATA_ROUTES, NOT_LOCATION_DATA } from '../../test/access/data-routes';
import { LOOKUP_ITEMS_AS_LISTS } from '../modules/lookups/index';

/*
 * Decision 0012's access table itself, its coverage of the data routes, the lookup item routes and
 * unknown paths. The data routes are checked family by family in access-<family>.int.test.ts.
 */

type Json = { [k: string]: unknown };
const access = useAccessFixture();
const { declared, call } = access;

describe('decision 0012 access table', () => {
  it('has one row per caller and every column', () => {
    expect(TABLE.map((i) => i.label)).toEqual([
      'Anonymous',
      'Signed in, no role',
      ...['User', 'All Data User', 'Administrator', 'Developer'],
    ]);
    for (const i of TABLE) expect(Object.keys(i.cells).sort()).toEqual(Object.values(COLUMNS).sort());
  });

  it('covers every parameterised route that is not known to be free of location and facility data', () => {
    const covered = new Set(DATA_ROUTES.map((r) => `${r.method} ${r.template}`));
    const uncovered = access.h.app.declaredAccess
      .filter((r) => r.method !== 'HEAD' && r.url.includes(':'))
      .filter((r) => !covered.has(`${r.method} ${r.url}`) && !NOT_LOCATION_DATA.some((re) => re.test(r.url)))
      .map((r) => `${r.method} ${r.url}`);
    expect(uncovered).toEqual([]);
  });
});

describe('lookup item routes', () => {
  it('declare the access of their list route', () => {
    for (const name of LOOKUP_NAMES.filter((n) => !LOOKUP_ITEMS_AS_LISTS.includes(n)))
      expect(declared('GET', `/api/${name}/:id`), name).toEqual(declared('GET', `/api/${name}`));
  });

  it('answer their list access: the guard first, then the item', async () => {
    for (const name of LOOKUP_NAMES.filter((n) => !LOOKUP_ITEMS_AS_LISTS.includes(n))) {
      const list = (await call('GET', `/api/${name}`, 'Administrator')).json() as Json[];
      expect(list.length, name).toBeGreaterThan(0);
      const [key, id] = Object.entries(list[0])[0];
      for (const identity of TABLE) {
        const res = await call('GET', `/api/${name}/${String(id)}`, identity.label);
        const guard = guardStatus(declared('GET', `/api/${name}/:id`), identity.roles);
        expect(res.statusCode, `${identity.label} ${name}`).toBe(guard ?? 200);
        if (guard === undefined) expect((res.json() as Json)[key]).toBe(id);
      }
    }
  });
});

describe('unknown API paths', () => {
  const paths = [
    '/api/users-management/no-such-list',
    '/api/display-mobile/no-such-report',
    '/api/no-such-lookup',
    '/api/no-such-lookup/1',
    '/api/list-units-x/1',
  ];
  it('answer 404 {error, message} for every caller, anonymous included', async () => {
    for (const identity of TABLE) {
      for (const p of paths) {
        const res = await call('GET', p, identity.label);
        expect(res.statusCode, `${identity.label} ${p}`).toBe(404);
        expect(res.json(), `${identity.label} ${p}`).toEqual({ error: 'Not Found', message: `No endpoint GET ${p}` });
      }
    }
  });
});
