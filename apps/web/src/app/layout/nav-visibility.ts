import { FACILITY_PAGES_ROLES, facilityPagePath, hasAnyRole } from '@portal/contracts';
import type { NavAccess, NavItem, NavSection } from './nav-items';

export interface NavViewer {
  isAuthenticated: boolean;
  roles: readonly string[];
}

/** The facility fields the sidebar needs (GET /api/display-list-facilities). */
export interface NavFacility {
  facility_ndx: number;
  facility_name: string;
  facility_type_ndx: number;
  facility_type_desc: string;
  display_order: number | null;
}

export function canSee(access: NavAccess, viewer: NavViewer): boolean {
  if (access === 'public') return true;
  if (access === 'authenticated') return viewer.isAuthenticated;
  return viewer.isAuthenticated && hasAnyRole(viewer.roles, access);
}

function filterItems(items: NavItem[], viewer: NavViewer): NavItem[] {
  return items.flatMap((item) => {
    if (!canSee(item.access, viewer)) return [];
    if (!item.children) return [item];
    const children = filterItems(item.children, viewer);
    // A group whose children are all hidden would open onto nothing.
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

const byOrderThenName = (a: NavFacility, b: NavFacility) =>
  (a.display_order ?? Number.MAX_SAFE_INTEGER) - (b.display_order ?? Number.MAX_SAFE_INTEGER) ||
  a.facility_name.localeCompare(b.facility_name);

/** One group per facility type (in type order), each listing its facilities by display order. */
export function facilityNavGroups(facilities: readonly NavFacility[]): NavItem[] {
  const groups = new Map<number, { title: string; facilities: NavFacility[] }>();
  for (const facility of facilities) {
    const group = groups.get(facility.facility_type_ndx) ?? { title: facility.facility_type_desc, facilities: [] };
    group.facilities.push(facility);
    groups.set(facility.facility_type_ndx, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, group]) => ({
      title: group.title,
      icon: 'facilityType' as const,
      access: FACILITY_PAGES_ROLES,
      children: [...group.facilities].sort(byOrderThenName).map((facility) => ({
        title: facility.facility_name,
        href: facilityPagePath(facility.facility_ndx),
        access: FACILITY_PAGES_ROLES,
      })),
    }));
}

/**
 * The sidebar a viewer sees: entries they may open, facility groups inserted where the data
 * file asks for them, empty sections dropped. The server still checks every call.
 */
export function visibleNavSections(
  sections: readonly NavSection[],
  viewer: NavViewer,
  facilities: readonly NavFacility[] = [],
): NavSection[] {
  const facilityGroups = facilityNavGroups(facilities);
  return sections.flatMap((section) => {
    const items = section.facilityPages ? [...section.items, ...facilityGroups] : section.items;
    const visible = filterItems(items, viewer);
    return visible.length > 0 ? [{ ...section, items: visible }] : [];
  });
}

/** True when `pathname` is the item's page or a page below it. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.href && (pathname === item.href || pathname.startsWith(`${item.href}/`))) return true;
  return item.children?.some((child) => isNavItemActive(child, pathname)) ?? false;
}
