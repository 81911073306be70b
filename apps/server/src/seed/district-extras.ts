import type { FacilityPlan, LocationPlan } from './district-types';
import { MAP_CENTRE, scatter } from './geo';
import type { FacilitySpec } from './names';
import type { Rng } from './prng';

const TARGET_LOCATIONS = 150;
const MAX_PER_FACILITY = 10;

/** Regional monitoring wells fill the district up to 150 locations, without passing 10 per facility. */
export function padWithMonitoringWells(
  rng: Rng,
  facilities: FacilityPlan[],
  locations: LocationPlan[],
  monitoringWell: (f: FacilitySpec) => LocationPlan,
) {
  const hosts = facilities.filter((f) => f.type === 'wells' || f.type === 'recharge');
  let guard = 0;
  while (locations.length < TARGET_LOCATIONS && guard++ < 1000) {
    const f = rng.pick(hosts);
    const count = locations.filter((l) => l.facilityKeys.includes(f.key)).length;
    const plan = monitoringWell(f);
    // A full facility still gets the well on the map, just not in its association list.
    if (count >= MAX_PER_FACILITY) plan.facilityKeys = [];
  }
  // Scatter the unassociated ones over the district rather than on top of a facility.
  for (const l of locations) {
    if (l.type === 'monitoring-well' && l.facilityKeys.length === 0) Object.assign(l, scatter(rng, MAP_CENTRE.lon, MAP_CENTRE.lat, 3, 35));
  }
}

/** A few stale stations, map exclusions and notes so status filters and admin pages have something to show. */
export function markExceptions(rng: Rng, locations: LocationPlan[]) {
  const candidates = rng.shuffle(locations.filter((l) => l.type !== 'gauge' && !['TW-11', 'TW-13', 'TW-14'].includes(l.locationId)));
  candidates.slice(0, 5).forEach((l, i) => {
    l.staleDays = 3 + i * 1.5; // a few days: "not reporting"
    l.notes = 'Telemetry radio intermittent; site visit scheduled.';
  });
  candidates.slice(5, 8).forEach((l, i) => {
    l.staleDays = 20 + i * 15; // weeks: "offline"
    l.notes = 'Logger removed for repair.';
  });
  candidates.slice(8, 14).forEach((l) => {
    l.excludeFromMap = true;
    l.notes = l.notes ?? 'Hidden from the map: coordinates not yet surveyed.';
  });
}
