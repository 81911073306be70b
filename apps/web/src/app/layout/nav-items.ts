import {
  ADMIN_ROLES,
  FACILITY_PAGES_ROLES,
  MOBILE_DASHBOARD_ROLES,
  ROUTES,
  SIGNED_IN_ROLES,
  STAFF_ROLES,
  USERS_MANAGEMENT_ROLES,
  type RoleName,
} from '@portal/contracts';

/**
 * The one list of sidebar entries. New pages add or edit an entry here; the sidebar, its
 * role filtering and the tests all read this file. Icons are names (see nav-icons.tsx) so the
 * list stays plain data that the node unit tests can import.
 */

/** Who may see an entry: everyone, any signed-in user, or users holding one of the roles. */
export type NavAccess = 'public' | 'authenticated' | readonly RoleName[];

export type NavIconName =
  | 'map'
  | 'mobile'
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

export interface NavItem {
  title: string;
  /** Absent on group items that only open their children. */
  href?: string;
  icon?: NavIconName;
  access: NavAccess;
  children?: NavItem[];
}

export interface NavSection {
  title: 'Dashboards' | 'Data Access' | 'Admin' | 'River Photos' | 'Pages';
  items: NavItem[];
  /** Per-facility-type groups of facility pages are appended to this section (part 2 §2). */
  facilityPages?: boolean;
}

const admin = ADMIN_ROLES;

export const NAV_SECTIONS: NavSection[] = [
  {
    title: 'Dashboards',
    facilityPages: true,
    items: [
      { title: 'Dashboard', href: ROUTES.PUBLIC_MAP, icon: 'map', access: 'public' },
      { title: 'Mobile Tracker', href: ROUTES.MOBILE_DASHBOARD, icon: 'mobile', access: MOBILE_DASHBOARD_ROLES },
    ],
  },
  {
    title: 'Data Access',
    items: [
      { title: 'Query & Download', href: ROUTES.QUERY_AND_DOWNLOAD, icon: 'download', access: STAFF_ROLES },
      { title: 'Time Series Comparisons', href: ROUTES.TIME_SERIES_COMPARISONS, icon: 'compare', access: 'public' },
      { title: 'Batteries Status Table', href: ROUTES.BATTERIES_STATUS, icon: 'battery', access: 'public' },
      { title: 'Site Summary Table', href: ROUTES.SITE_SUMMARY, icon: 'summary', access: 'public' },
      {
        title: 'System Management',
        icon: 'settings',
        access: admin,
        children: [
          { title: 'Alerts Management', href: ROUTES.ALERTS_MANAGEMENT, access: admin },
          { title: 'Contacts', href: ROUTES.CONTACTS, access: admin },
          { title: 'Groups', href: ROUTES.GROUPS, access: admin },
          { title: 'Groups to Contacts Associations', href: ROUTES.ASSOC_CONTACTS_GROUPS, access: admin },
          { title: 'SMS Help', href: ROUTES.SMS_HELP, access: admin },
          { title: 'Facilities to Locations Associations', href: ROUTES.ASSOC_FACILITIES_LOCATIONS, access: admin },
          { title: 'Locations Setup', href: ROUTES.LOCATIONS_SETUP, access: admin },
          { title: 'Facilities Setup', href: ROUTES.FACILITIES_SETUP, access: admin },
          { title: 'Imports Configuration', href: ROUTES.IMPORTS_CONFIGURATION, access: admin },
        ],
      },
    ],
  },
  {
    title: 'Admin',
    items: [
      { title: 'Users Management', href: ROUTES.USERS_MANAGEMENT, icon: 'users', access: USERS_MANAGEMENT_ROLES },
      { title: 'Ignition Demo', href: ROUTES.IGNITION_DEMO, icon: 'scada', access: admin },
    ],
  },
  {
    title: 'River Photos',
    items: [
      { title: 'Western Mutual Ditch', href: ROUTES.RIVER_WESTERN, icon: 'camera', access: 'public' },
      { title: 'Empire Ditch', href: ROUTES.RIVER_EMPIRE, icon: 'camera', access: 'public' },
      { title: 'Riverside Canal at Dam', href: ROUTES.RIVER_RIVERSIDE_DAM, icon: 'camera', access: 'public' },
      { title: 'Riverside Canal at Sand Gate', href: ROUTES.RIVER_RIVERSIDE_SAND_GATE, icon: 'camera', access: 'public' },
    ],
  },
  {
    title: 'Pages',
    items: [
      { title: 'Facilities List', href: ROUTES.FACILITY_PAGES, icon: 'list', access: FACILITY_PAGES_ROLES },
      { title: 'Profile', href: ROUTES.ACCOUNT_PROFILE, icon: 'profile', access: 'authenticated' },
      { title: 'Secret Page', href: ROUTES.SECRET, icon: 'lock', access: SIGNED_IN_ROLES },
    ],
  },
];
