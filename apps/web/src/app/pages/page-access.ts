import type { ReactNode } from 'react';
import { matchPath } from 'react-router';
import { ROUTES, type Access } from '@portal/contracts';

/**
 * Plain data about pages that is not the page itself: who may open one, where the sidebar puts
 * it and with which icon. The page table (page-table.tsx) uses these; the router's guards, the
 * sidebar and the user menu are derived from that table (derive-routes.tsx, derive-nav.ts).
 */

export type NavIconName =
  | 'map'
  | 'mobile'
  | 'home'
  | 'facilityType'
  | 'facility'
  | 'download'
  | 'compare'
  | 'battery'
  | 'summary'
  | 'review'
  | 'settings'
  | 'users'
  | 'scada'
  | 'camera'
  | 'list'
  | 'profile'
  | 'lock';

/**
 * The facility-type icons the sidebar draws, by the lookup's icon_name (facility_type.icon_name,
 * Material icon names). A fixed set keeps the bundle small (importing icons by any name would pull
 * in all of them); a name not listed here gets the generic facility-type icon.
 */
export const FACILITY_TYPE_ICON_NAMES = ['Water', 'Waves', 'Opacity', 'Propane', 'CallSplit', 'Straighten', 'WaterDrop'] as const;
export type FacilityTypeIconName = (typeof FACILITY_TYPE_ICON_NAMES)[number];

export const isFacilityTypeIconName = (name: string | null | undefined): name is FacilityTypeIconName =>
  (FACILITY_TYPE_ICON_NAMES as readonly (string | null | undefined)[]).includes(name);

/** Sidebar sections in order. */
export const NAV_SECTION_TITLES = ['Dashboards', 'Data Access', 'Admin', 'River Photos', 'Pages'] as const;
export type NavSectionTitle = (typeof NAV_SECTION_TITLES)[number];

/** Collapsible groups inside a section; they open onto the pages whose navGroup names them. */
export const NAV_SUBGROUPS = {
  'System Management': { section: 'Data Access', icon: 'settings' },
} as const satisfies Record<string, { section: NavSectionTitle; icon: NavIconName }>;
export type NavSubgroupTitle = keyof typeof NAV_SUBGROUPS;

/** Where a page sits in the sidebar: a section, or a group inside one. */
export type NavGroupName = NavSectionTitle | NavSubgroupTitle;

/** The section whose items get the per-facility-type groups of facility pages. */
export const FACILITY_GROUPS_SECTION: NavSectionTitle = 'Dashboards';

/** The route of one facility's page; the sidebar's facility-type groups link to it. */
export const FACILITY_DETAILS_PATH = ROUTES.FACILITY_DETAILS;

export function sectionOf(group: NavGroupName): NavSectionTitle {
  return group in NAV_SUBGROUPS ? NAV_SUBGROUPS[group as NavSubgroupTitle].section : (group as NavSectionTitle);
}

/** One row of the page table. */
export type PageLayout = 'app' | 'bare' | 'fill';

/** What the router keeps of a page for its layout (react-router's route `handle`). */
export interface PageHandle {
  layout: PageLayout;
  /** The page's name; a 'fill' page, which draws no heading of its own, gets it as a hidden h1. */
  title: string;
}

export interface PageDef {
  /** A React Router path (may hold `:params`). */
  path: string;
  /** The name the sidebar and menus show. */
  title: string;
  /** Who may open the page (contracts' Access, the same declaration the API's routes use). */
  access: Access;
  /** Where the sidebar lists the page; absent for pages reached otherwise (details, sign-in steps). */
  navGroup?: NavGroupName;
  icon?: NavIconName;
  /** Listed in the account menu. */
  userMenu?: boolean;
  /**
   * 'bare' pages render without the sidebar layout (landing page, sign-in steps); 'fill' pages
   * (the map) take exactly the window between the top bar and the footer, with no page padding,
   * so the window never scrolls by the footer's height.
   */
  layout?: PageLayout;
  element: ReactNode;
}

/**
 * Who may open the page at `path` (a link such as '/facility-pages/12', or a page's own path),
 * as the page table declares it; undefined for a path no page has. Code outside app/ asks this
 * through useCanOpenPage (lib/page-access.tsx) rather than checking roles itself.
 */
export function accessOfPath(pages: readonly PageDef[], path: string): Access | undefined {
  const page = pages.find((p) => p.path === path) ?? pages.find((p) => matchPath(p.path, path) !== null);
  return page?.access;
}
