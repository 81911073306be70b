import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { canOpen, ROLE_NAMES, ROUTES, type Viewer } from '@portal/contracts';
import { RequireAccess } from '../../lib/authorization';
import {
  facilityNavGroups,
  isNavItemActive,
  sidebarSections,
  userMenuPages,
  type NavFacility,
  type NavItem,
  type NavSection,
} from './derive-nav';
import { pageHandleAt, pageRoutes } from './derive-routes';
import { NAV_SUBGROUPS, sectionOf, type PageDef } from './page-access';
import { PAGES } from './page-table';

const FACILITIES: NavFacility[] = [
  { facility_ndx: 7, facility_name: 'North Well Field', facility_type_ndx: 2, facility_type_desc: 'Well Fields', display_order: 2 },
  { facility_ndx: 3, facility_name: 'Riverside Reservoir', facility_type_ndx: 1, facility_type_desc: 'Reservoirs', display_order: 1 },
  { facility_ndx: 9, facility_name: 'South Well Field', facility_type_ndx: 2, facility_type_desc: 'Well Fields', display_order: 1 },
];

const NOT_FOUND = 'not-found-marker';
const routes = pageRoutes(PAGES, { layout: 'layout-marker', notFound: NOT_FOUND, error: () => 'error-marker' });

const viewer = (roles: string[] | null): Viewer => ({ isAuthenticated: roles !== null, roles: roles ?? [] });
const VIEWERS: Array<[string, Viewer]> = [
  ['anonymous', viewer(null)],
  ['signed in without a role', viewer([])],
  ...ROLE_NAMES.map((role): [string, Viewer] => [role, viewer([role])]),
];

function walk(sections: NavSection[]): NavItem[] {
  const out: NavItem[] = [];
  const visit = (items: NavItem[]) =>
    items.forEach((item) => {
      out.push(item);
      if (item.children) visit(item.children);
    });
  sections.forEach((section) => visit(section.items));
  return out;
}

/** The route a path resolves to: its leaf route object. */
function routeFor(path: string): RouteObject | undefined {
  return matchRoutes(routes, path)?.at(-1)?.route;
}

describe('sidebar derived from the page table', () => {
  it.each(VIEWERS)('lists for %s exactly the table pages with a sidebar group that the viewer may open', (_, v) => {
    const links = walk(sidebarSections(PAGES, v)).filter((item) => item.kind === 'page');
    const expected = PAGES.filter((page) => page.navGroup && canOpen(page.access, v));
    expect(links.map((item) => item.href).sort()).toEqual(expected.map((page) => page.path).sort());
  });

  it.each(VIEWERS)('puts each page of %s in its own section and group', (_, v) => {
    for (const section of sidebarSections(PAGES, v, FACILITIES)) {
      for (const item of section.items) {
        const children = item.kind === 'group' ? (item.children ?? []) : [item];
        for (const child of children.filter((c) => c.kind === 'page')) {
          const page = PAGES.find((p) => p.path === child.href)!;
          expect(sectionOf(page.navGroup!)).toBe(section.title);
          expect(page.navGroup).toBe(item.kind === 'group' ? item.title : section.title);
        }
      }
    }
  });

  it.each(VIEWERS)('links %s only to paths that resolve to a page, never to the 404', (_, v) => {
    const hrefs = [
      ...walk(sidebarSections(PAGES, v, FACILITIES)).flatMap((item) => (item.href ? [item.href] : [])),
      ...userMenuPages(PAGES, v).map((page) => page.path),
    ];
    for (const href of hrefs) {
      const route = routeFor(href);
      expect(route, href).toBeDefined();
      expect(route!.path, href).not.toBe('*');
    }
  });

  it('gives each role the pages the product grants it', () => {
    const titles = (roles: string[] | null) => walk(sidebarSections(PAGES, viewer(roles), FACILITIES)).map((i) => i.title);
    for (const role of ['Administrator', 'Developer']) {
      expect(titles([role])).toEqual(
        expect.arrayContaining(['System Management', 'SMS Help', 'Imports Configuration', 'Query & Download', 'Reservoirs']),
      );
    }
    expect(titles(['All Data User'])).toContain('Query & Download');
    expect(titles(['All Data User'])).not.toContain('System Management');
    // Facility-type groups: User, Administrator and Developer only.
    expect(titles(['All Data User'])).not.toContain('Reservoirs');
    expect(titles(['User'])).toEqual(expect.arrayContaining(['Reservoirs', 'Riverside Reservoir', 'Secret Page']));
    expect(titles(['User'])).not.toContain('SMS Help');
    expect(titles(null)).not.toContain('Well Fields');
    expect(titles(null)).not.toContain('Profile');
    expect(titles([])).toContain('Profile');
  });

  it('drops empty groups and sections, keeps section order, and places a group where its first page is', () => {
    const sections = sidebarSections(PAGES, viewer(null));
    expect(sections.map((s) => s.title)).toEqual(['Dashboards', 'Data Access', 'River Photos']);
    const admin = sidebarSections(PAGES, viewer(['Administrator']));
    const dataAccess = admin.find((s) => s.title === 'Data Access')!;
    const systemIndex = dataAccess.items.findIndex((i) => i.title === 'System Management');
    const firstSystemPage = PAGES.filter((p) => p.navGroup === 'Data Access' || p.navGroup === 'System Management').findIndex(
      (p) => p.navGroup === 'System Management',
    );
    expect(systemIndex).toBe(firstSystemPage);
    expect(NAV_SUBGROUPS['System Management'].section).toBe('Data Access');
  });

  it('shows the facility-type groups only to viewers who may open a facility page', () => {
    const detail = PAGES.find((p) => p.path === `${ROUTES.FACILITY_PAGES}/:id`)!;
    for (const [, v] of VIEWERS) {
      const groups = walk(sidebarSections(PAGES, v, FACILITIES)).filter((i) => i.kind === 'facilityType');
      expect(groups.length > 0).toBe(canOpen(detail.access, v));
    }
  });
});

describe('router derived from the page table', () => {
  it('gives every page one route, and paths are unique', () => {
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length);
    for (const page of PAGES) {
      const concrete = page.path.replace(':id', '42');
      expect(routeFor(concrete)?.path, page.path).toBe(page.path);
    }
  });

  it('sends unknown paths to the 404 page inside the layout', () => {
    expect(routeFor('/no/such/page')?.element).toBe(NOT_FOUND);
    expect(routeFor('/account/settings')?.element).toBe(NOT_FOUND);
  });

  it('guards each page as its access says', () => {
    const child = (node: ReactNode): ReactElement<{ children: ReactNode; access: unknown }> => {
      expect(isValidElement(node)).toBe(true);
      return node as ReactElement<{ children: ReactNode; access: unknown }>;
    };
    for (const page of PAGES) {
      const element = routeFor(page.path.replace(':id', '42'))!.element;
      if (page.access === 'public') {
        expect(element, page.path).toBe(page.element);
        continue;
      }
      const guard = child(element);
      expect(guard.type, page.path).toBe(RequireAccess);
      expect(guard.props.access, page.path).toBe(page.access);
      expect(guard.props.children).toBe(page.element);
    }
  });

  it('keeps bare pages out of the sidebar layout', () => {
    const [root] = routes;
    const layout = root.children!.find((r) => r.element === 'layout-marker')!;
    const inLayout = new Set(layout.children!.map((r) => r.path));
    for (const page of PAGES) expect(inLayout.has(page.path), page.path).toBe(page.layout !== 'bare');
  });

  it("gives the layout the handle of the page the router shows at each page's path, and none for an unknown path", () => {
    for (const page of PAGES) {
      const path = page.path.replace(':id', '42');
      expect(pageHandleAt(PAGES, path), path).toEqual(routeFor(path)!.handle);
    }
    expect(pageHandleAt(PAGES, ROUTES.PUBLIC_MAP)).toEqual({ layout: 'fill', title: 'Dashboard' });
    expect(pageHandleAt(PAGES, '/no-such-page')).toBeUndefined();
    expect(routeFor('/no-such-page')!.path).toBe('*');
  });
});

describe('facility page groups', () => {
  it('groups by facility type in type order and sorts facilities by display order', () => {
    const groups = facilityNavGroups(FACILITIES);
    expect(groups.map((g) => g.title)).toEqual(['Reservoirs', 'Well Fields']);
    expect(groups[1].children?.map((c) => [c.title, c.href])).toEqual([
      ['South Well Field', '/facility-pages/9'],
      ['North Well Field', '/facility-pages/7'],
    ]);
  });

  it('appends the groups to the Dashboards section', () => {
    const dashboards = sidebarSections(PAGES, viewer(['User']), FACILITIES)[0];
    expect(dashboards.title).toBe('Dashboards');
    expect(dashboards.items.slice(-2).map((i) => i.title)).toEqual(['Reservoirs', 'Well Fields']);
  });
});

describe('a synthetic table', () => {
  const page = (path: string, access: PageDef['access'], navGroup?: PageDef['navGroup']): PageDef => ({
    path,
    title: path,
    access,
    navGroup,
    element: null,
  });

  it('adds a sidebar entry when a page lands and none before', () => {
    const before = [page('/a', 'public', 'Admin')];
    const after = [...before, page('/b', ['Administrator'], 'Admin')];
    const adminTitles = (pages: PageDef[]) => walk(sidebarSections(pages, viewer(['Administrator']))).map((i) => i.title);
    expect(adminTitles(before)).toEqual(['/a']);
    expect(adminTitles(after)).toEqual(['/a', '/b']);
    expect(walk(sidebarSections(after, viewer(['User']))).map((i) => i.title)).toEqual(['/a']);
  });
});

describe('active item', () => {
  it('matches the page and pages below it, and parents of active children', () => {
    const system = sidebarSections(PAGES, viewer(['Administrator']))
      .find((s) => s.title === 'Data Access')!
      .items.find((i) => i.title === 'System Management')!;
    expect(isNavItemActive(system, ROUTES.SMS_HELP)).toBe(true);
    expect(isNavItemActive({ title: 'Map', href: '/map', kind: 'page' }, '/mapping')).toBe(false);
  });
});
