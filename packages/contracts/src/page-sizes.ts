/** Table page sizes, one list per kind of table. */

/** Alerts and setup tables (alerts, locations, facilities). */
export const ADMIN_TABLE_PAGE_SIZES = [10, 30, 50, 100, 200] as const;
/** Association tables (groups to contacts, facilities to locations). */
export const ASSOCIATION_PAGE_SIZES = [15, 30, 60] as const;
