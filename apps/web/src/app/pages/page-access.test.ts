import { describe, expect, it } from 'vitest';
import { canOpen, FACILITY_PAGES_ROLES, facilityPagePath, ROUTES, type Access, type Viewer } from '@portal/contracts';
import { accessOfPath } from './page-access';
import { PAGES } from './page-table';

const signedIn = (...roles: string[]): Viewer => ({ isAuthenticated: true, roles });

describe('accessOfPath: who may open a page, asked of the page table', () => {
  it.each<[string, string, Access | undefined]>([
    ['a facility page link', facilityPagePath(12), FACILITY_PAGES_ROLES],
    ['the facility page pattern itself', ROUTES.FACILITY_DETAILS, FACILITY_PAGES_ROLES],
    ['the facilities list', ROUTES.FACILITY_PAGES, FACILITY_PAGES_ROLES],
    ['documentation', ROUTES.DOCUMENTATION, ['Developer']],
    ['the public map', ROUTES.PUBLIC_MAP, 'public'],
    ['a path no page has', '/no/such/page', undefined],
  ])('%s', (_case, path, expected) => {
    expect(accessOfPath(PAGES, path)).toEqual(expected);
  });

  it('answers for every page with the access of its own row', () => {
    for (const page of PAGES) expect(accessOfPath(PAGES, page.path), page.path).toBe(page.access);
  });

  it('offers facility pages to User, Administrator and Developer, not to an All Data User', () => {
    const access = accessOfPath(PAGES, facilityPagePath(3))!;
    expect(['User', 'Administrator', 'Developer', 'All Data User'].map((r) => canOpen(access, signedIn(r)))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
