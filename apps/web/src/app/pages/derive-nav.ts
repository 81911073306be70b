import { canOpen, facilityPagePath, type Viewer } from '@portal/contracts';
import {
  FACILITY_DETAILS_PATH,
  FACILITY_GROUPS_SECTION,
  NAV_SECTION_TITLES,
  NAV_SUBGROUPS,
  sectionOf,
  type NavIconName,
  type NavSectionTitle,
  type NavSubgroupTitle,
  type PageDef,
} from './page-access';

/** A sidebar entry: a link to a page, or a group that opens onto its children. */
export interface NavItem {
  title: string;
  /** Absent on group items that only open their children. */
  href?: string;
  icon?: NavIconName;
  /** A facility-type group's icon name from the facility-type lookup (nav-icons.tsx resolves it; unknown names fall back to `icon`). */
  iconName?: string | null;
  /** 'page': a row of the page table; 'group': a System-Management-like group; 'facilityType': a facility-type group. */
  kind: 'page' | 'group' | 'facilityType';
  children?: NavItem[];
}

export interface NavSection {
  title: NavSectionTitle;
  items: NavItem[];
}

/** The facility fields the sidebar needs (GET /api/display-list-facilities). */
export interface NavFacility {
  facility_ndx: number;
  facility_name: string;
  facility_type_ndx: number;
  facility_type_desc: string;
  facility_type_icon?: string | null;
  display_order: number | null;
}

const byOrderThenName = (a: NavFacility, b: NavFacility) =>
  (a.display_order ?? Number.MAX_SAFE_INTEGER) - (b.display_order ?? Number.MAX_SAFE_INTEGER) ||
  a.facility_name.localeCompare(b.facility_name);

/** One group per facility type (in type order), each listing its facilities by display order. */
export function facilityNavGroups(facilities: readonly NavFacility[]): NavItem[] {
  const groups = new Map<number, { title: string; iconName: string | null; facilities: NavFacility[] }>();
  for (const facility of facilities) {
    const group = groups.get(facility.facility_type_ndx) ?? {
      title: facility.facility_type_desc,
      iconName: facility.facility_type_icon ?? null,
      facilities: [],
    };
    group.facilities.push(facility);
    groups.set(facility.facility_type_ndx, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, group]) => ({
      title: group.title,
      icon: 'facilityType' as const,
      iconName: group.iconName,
      kind: 'facilityType' as const,
      children: [...group.facilities].sort(byOrderThenName).map((facility) => ({
        title: facility.facility_name,
        href: facilityPagePath(facility.facility_ndx),
        kind: 'page' as const,
      })),
    }));
}

const pageItem = (page: PageDef): NavItem => ({ title: page.title, href: page.path, icon: page.icon, kind: 'page' });

/**
 * The sidebar a viewer sees, derived from the page table: the pages with a navGroup that the
 * viewer may open, in table order, grouped into sections and subgroups; the facility-type groups
 * (when the viewer may open the facility page) in their section; empty groups and sections
 * dropped. The guards use the same access, and the server still checks every call.
 */
export function sidebarSections(pages: readonly PageDef[], viewer: Viewer, facilities: readonly NavFacility[] = []): NavSection[] {
  const items = new Map<NavSectionTitle, NavItem[]>(NAV_SECTION_TITLES.map((title) => [title, []]));
  const subgroups = new Map<NavSubgroupTitle, NavItem>();
  for (const page of pages) {
    if (!page.navGroup || !canOpen(page.access, viewer)) continue;
    const sectionItems = items.get(sectionOf(page.navGroup))!;
    if (!(page.navGroup in NAV_SUBGROUPS)) {
      sectionItems.push(pageItem(page));
      continue;
    }
    const groupTitle = page.navGroup as NavSubgroupTitle;
    let group = subgroups.get(groupTitle);
    if (!group) {
      // A group sits where its first visible page would.
      group = { title: groupTitle, icon: NAV_SUBGROUPS[groupTitle].icon, kind: 'group', children: [] };
      subgroups.set(groupTitle, group);
      sectionItems.push(group);
    }
    group.children!.push(pageItem(page));
  }

  const facilityPage = pages.find((page) => page.path === FACILITY_DETAILS_PATH);
  if (facilityPage && canOpen(facilityPage.access, viewer)) items.get(FACILITY_GROUPS_SECTION)!.push(...facilityNavGroups(facilities));

  return NAV_SECTION_TITLES.flatMap((title) => {
    const sectionItems = items.get(title)!.filter((item) => item.kind === 'page' || (item.children?.length ?? 0) > 0);
    return sectionItems.length > 0 ? [{ title, items: sectionItems }] : [];
  });
}

/** The account menu's entries: the pages marked userMenu that the viewer may open, in table order. */
export function userMenuPages(pages: readonly PageDef[], viewer: Viewer): PageDef[] {
  return pages.filter((page) => page.userMenu && canOpen(page.access, viewer));
}

/** True when `pathname` is the item's page or a page below it. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.href && (pathname === item.href || pathname.startsWith(`${item.href}/`))) return true;
  return item.children?.some((child) => isNavItemActive(child, pathname)) ?? false;
}
