/**
 * Identifiers as USGS writes them. A monitoring location is `AGENCY-SITE`: the district's agency
 * code (the OGC_AGENCY_CODE setting) and the location's number, which never changes and is never
 * reused (RWSD-12); the bare number (12) names it too, as it did before agency codes. A parameter
 * is its USGS five-digit parameter code when it has one (00060), else the portal's number.
 */

const SITE_NUMBER = /^[1-9]\d{0,8}$/;

/** The location number an id names for this agency; null when it names none of ours (another agency, another form). */
export function parseMonitoringLocationId(id: string, agency: string): number | null {
  if (SITE_NUMBER.test(id)) return Number(id);
  const dash = id.indexOf('-');
  if (dash <= 0) return null;
  if (id.slice(0, dash).toUpperCase() !== agency.toUpperCase()) return null;
  const site = id.slice(dash + 1);
  return SITE_NUMBER.test(site) ? Number(site) : null;
}

/** The location numbers of a list of ids; ids of other agencies or forms select nothing. */
export function locationNumbersOf(ids: readonly string[], agency: string): number[] {
  return [...new Set(ids.map((id) => parseMonitoringLocationId(id, agency)).filter((n): n is number => n !== null))];
}

/** A USGS parameter code: five digits (00060 discharge). */
export const USGS_PARAMETER_CODE = /^\d{5}$/;
