import { describe, expect, it } from 'vitest';
import { NAV_SECTIONS, type NavSection } from './nav-items';
import { facilityNavGroups, isNavItemActive, visibleNavSections, type NavFacility, type NavViewer } from './nav-visibility';

const SYSTEM_PAGES = [
  'Alerts Management',
  'Contacts',
  'Groups',
  'Groups to Contacts Associations',
  'SMS Help',
  'Facilities to Locations Associations',
  'Locations Setup',
  'Facilities Setup',
  'Imports Configuration',
];
const PUBLIC_ITEMS = [
  'Dashboard',
  'Time Series Comparisons',
  'Batteries Status Table',
  'Site Summary Table',
  'Western Mutual Ditch',
  'Empire Ditch',
  'Riverside Canal at Dam',
  'Riverside Canal at Sand Gate',
];

const FACILITIES: NavFacility[] = [
  { facility_ndx: 7, facility_name: 'North Well Field', facility_type_ndx: 2, facility_type_desc: 'Well Fields', display_order: 2 },
  { facility_ndx: 3, facility_name: 'Riverside Reservoir', facility_type_ndx: 1, facility_type_desc: 'Reservoirs', display_order: 1 },
  { facility_ndx: 9, facility_name: 'South Well Field', facility_type_ndx: 2, facility_type_desc: 'Well Fields', display_order: 1 },
];

function titles(sections: NavSection[]): string[] {
  const out: string[] = [];
  const walk = (items: NavSection['items']) =>
    items.forEach((item) => {
      out.push(item.title);
      if (item.children) walk(item.children);
    });
  sections.forEach((section) => walk(section.items));
  return out;
}

const viewer = (roles: string[] | null): NavViewer => ({ isAuthenticated: roles !== null, roles: roles ?? [] });
const sidebarFor = (roles: string[] | null) => titles(visibleNavSections(NAV_SECTIONS, viewer(roles), FACILITIES));

describe('sidebar visibility per role', () => {
  it('shows anonymous visitors only the public entries', () => {
    expect(sidebarFor(null).sort()).toEqual([...PUBLIC_ITEMS].sort());
    expect(visibleNavSections(NAV_SECTIONS, viewer(null)).map((s) => s.title)).toEqual(['Dashboards', 'Data Access', 'River Photos']);
  });

  it('gives a signed-in user without roles only public entries plus their profile', () => {
    expect(sidebarFor([]).sort()).toEqual([...PUBLIC_ITEMS, 'Profile'].sort());
  });

  it.each(['Administrator', 'Developer'])('shows %s every management page', (role) => {
    const seen = sidebarFor([role]);
    for (const title of [...SYSTEM_PAGES, 'System Management', 'Users Management', 'Mobile Tracker', 'Query & Download']) {
      expect(seen).toContain(title);
    }
  });

  it('gives All Data User the mobile tracker, users management and downloads but not system management', () => {
    const seen = sidebarFor(['All Data User']);
    expect(seen).toEqual(expect.arrayContaining(['Mobile Tracker', 'Users Management', 'Query & Download']));
    expect(seen).not.toContain('System Management');
    expect(seen).not.toContain('Alerts Management');
    expect(seen).not.toContain('Reservoirs');
  });

  it('gives User downloads and facility pages but no admin entries', () => {
    const seen = sidebarFor(['User']);
    expect(seen).toEqual(expect.arrayContaining(['Query & Download', 'Reservoirs', 'Riverside Reservoir', 'Secret Page']));
    for (const title of ['Mobile Tracker', 'Users Management', 'System Management', ...SYSTEM_PAGES]) {
      expect(seen).not.toContain(title);
    }
  });

  it('hides facility groups from anonymous visitors even if facilities were supplied', () => {
    expect(sidebarFor(null)).not.toContain('Well Fields');
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
    const dashboards = visibleNavSections(NAV_SECTIONS, viewer(['User']), FACILITIES)[0];
    expect(dashboards.title).toBe('Dashboards');
    expect(dashboards.items.map((i) => i.title)).toEqual(['Dashboard', 'Reservoirs', 'Well Fields']);
  });
});

describe('active item', () => {
  it('matches the page and pages below it, and parents of active children', () => {
    const system = NAV_SECTIONS[1].items.find((i) => i.title === 'System Management');
    expect(system && isNavItemActive(system, '/data-access/system-management/contacts')).toBe(true);
    expect(isNavItemActive({ title: 'Map', href: '/map', access: 'public' }, '/mapping')).toBe(false);
  });
});
