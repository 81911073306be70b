import type { ReactNode } from 'react';
import { hasAnyRole, ROUTES, type RoleName } from '@portal/contracts';

/**
 * Plain data about pages that is not the page itself: who may open one, where the sidebar puts
 * it and with which icon. The page table (page-table.tsx) uses these; the router's guards, the
 * sidebar and the user menu are derived from that table (derive-routes.tsx, derive-nav.ts).
 */

/** Who may open a page: everyone, any signed-in user, or users holding one of the roles. */
export type PageAccess = 'public' | 'authenticated' | readonly RoleName[];

export interface Viewer {
  isAuthenticated: boolean;
  roles: readonly string[];
}

/** Whether `viewer` may open a page with this access (the guard and the sidebar both ask this). */
export function canOpen(access: PageAccess, viewer: Viewer): boolean {
  if (access === 'public') return true;
  if (access === 'authenticated') return viewer.isAuthenticated;
  return viewer.isAuthenticated && hasAnyRole(viewer.roles, access);
}

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
  | 'settings'
  | 'users'
  | 'scada'
  | 'camera'
  | 'list'
  | 'profile'
  | 'lock';

/** Sidebar sections in order. */
export const NAV_SECTION_TITLES = ['Dashboards', 'Data Access', 'Admin', 'River Photos', 'Pages'] as const;
export type NavSectionTitle = (typeof NAV_SECTION_TITLES)[number];

/** Collapsible groups inside a section; they open onto the pages whose navGroup names them. */
export const NAV_SUBGROUPS = {
  'System Management': { section: 'Data Access', icon: 'settings' },
} as const satisfies Record<string, { section: NavSectionTitle; icon: NavIconName }>;
export type NavSubgroupTitle = keyof typeof NAV_SUBGROUPS;

/** The Developer alone sees Documentation (account menu and footer). */
export const DOCUMENTATION_ACCESS: PageAccess = ['Developer'];

/** Where a page sits in the sidebar: a section, or a group inside one. */
export type NavGroupName = NavSectionTitle | NavSubgroupTitle;

/** The section whose items get the per-facility-type groups of facility pages. */
export const FACILITY_GROUPS_SECTION: NavSectionTitle = 'Dashboards';

/** The route of one facility's page; the sidebar's facility-type groups link to it. */
export const FACILITY_DETAILS_PATH = `${ROUTES.FACILITY_PAGES}/:id`;

export function sectionOf(group: NavGroupName): NavSectionTitle {
  return group in NAV_SUBGROUPS ? NAV_SUBGROUPS[group as NavSubgroupTitle].section : (group as NavSectionTitle);
}

/** One row of the page table. */
export type PageLayout = 'app' | 'bare' | 'fill';

/** What the router keeps of a page for its layout (react-router's route `handle`). */
export interface PageHandle {
  layout: PageLayout;
}

export interface PageDef {
  /** A React Router path (may hold `:params`). */
  path: string;
  /** The name the sidebar and menus show. */
  title: string;
  access: PageAccess;
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
