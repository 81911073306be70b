import { countyAt } from './counties';
import { HUC12_BY_WATERBODY, scatter, townshipKey, zoomToFit } from './geo';
import { FACILITY_SPECS, GAUGE_LINKS, GAUGE_SPECS, WEATHER_SPECS, type FacilitySpec } from './names';
import { markExceptions, padWithMonitoringWells } from './district-extras';
import type { DistrictPlan, FacilityPlan, LocationPlan } from './district-types';
import { rngFor } from './prng';
import { LOCATION_TYPES, type LocationTypeKey } from './reference-data';

export type { DistrictPlan, FacilityPlan, LocationPlan } from './district-types';

/** Lays out the demo district: ~30 facilities and exactly 150 locations, deterministic per seed. */
export function planDistrict(seed: number): DistrictPlan {
  const rng = rngFor(seed, 'district');
  const facilities: FacilityPlan[] = FACILITY_SPECS.map((f, i) => ({ ...f, displayOrder: i + 1, zoom: 16 }));
  const locations: LocationPlan[] = [];
  const byId = new Map<string, LocationPlan>();
  let mwNumber = 101;

  const add = (
    p: Omit<LocationPlan, 'countyName' | 'huc12' | 'township' | 'staleDays' | 'notes' | 'systemUrl' | 'isWellOwner' | 'wellNumber'> &
      Partial<LocationPlan>,
  ) => {
    const county = countyAt(p.lon, p.lat);
    const plan: LocationPlan = {
      countyName: county?.name ?? null,
      huc12: rng.pick(HUC12_BY_WATERBODY[p.waterbody]),
      township: townshipKey(p.lon, p.lat),
      staleDays: 0,
      notes: null,
      systemUrl: null,
      isWellOwner: false,
      wellNumber: null,
      ...p,
    };
    locations.push(plan);
    byId.set(plan.locationId, plan);
    return plan;
  };
  const near = (f: FacilitySpec, min = 0.2, max = 2.5) => scatter(rng, f.lon, f.lat, min, max);
  const monitoringWell = (f: FacilitySpec) => {
    const id = `MW-${mwNumber++}`;
    return add({
      locationId: id,
      label: id,
      name: `${f.name} Monitoring Well ${id.slice(3)}`,
      type: 'monitoring-well',
      waterbody: f.waterbody === 'lfh' || f.waterbody === 'lcb' ? f.waterbody : 'spa',
      ...near(f, 0.5, 3),
      isPublic: rng.chance(0.3),
      excludeFromMap: false,
      parameters: ['level'],
      facilityKeys: [f.key],
      wellNumber: `MH-${rng.int(10000, 79999)}`,
    });
  };

  // River gauges and weather stations first so facilities can link them.
  for (const g of GAUGE_SPECS) {
    add({
      locationId: g.id,
      label: g.id.replace('-GAGE-', ' '),
      name: g.name,
      type: 'gauge',
      waterbody: g.waterbody,
      lon: g.lon,
      lat: g.lat,
      isPublic: true,
      excludeFromMap: false,
      parameters: ['flow', 'stage'],
      facilityKeys: [],
      systemUrl: `https://dwr.state.co.us/Tools/Stations/${g.id.replace(/-/g, '')}`,
    });
  }
  for (const w of WEATHER_SPECS) {
    add({
      locationId: w.id,
      label: w.id,
      name: w.name,
      type: 'weather',
      waterbody: 'spr',
      lon: w.lon,
      lat: w.lat,
      isPublic: true,
      excludeFromMap: false,
      parameters: ['battery', 'precip'],
      facilityKeys: [],
    });
  }

  for (const f of facilities) {
    const fr = rng.fork(f.key);
    switch (f.type) {
      case 'storage': {
        add({
          locationId: `${f.abbr}-RES`,
          label: `${f.abbr} Res`,
          name: f.name.replace(' Storage', ''),
          type: 'reservoir',
          waterbody: 'res',
          ...near(f, 0, 0.3),
          isPublic: true,
          excludeFromMap: false,
          parameters: fr.chance(0.5) ? ['volume', 'pctfull', 'battery'] : ['volume', 'pctfull'],
          facilityKeys: [f.key],
        });
        add({
          locationId: `${f.abbr}-IN`,
          label: `${f.abbr} Inlet`,
          name: `${f.name.replace(' Storage', '')} Inlet`,
          type: 'diversion',
          waterbody: f.waterbody,
          ...near(f, 0.8, 2),
          isPublic: true,
          excludeFromMap: false,
          parameters: ['flow'],
          facilityKeys: [f.key],
        });
        add({
          locationId: `${f.abbr}-OUT`,
          label: `${f.abbr} Outlet`,
          name: `${f.name.replace(' Storage', '')} Outlet`,
          type: 'diversion',
          waterbody: f.waterbody,
          ...near(f, 0.8, 2),
          isPublic: fr.chance(0.5),
          excludeFromMap: false,
          parameters: ['flow'],
          facilityKeys: [f.key],
        });
        for (let i = fr.int(0, 1); i > 0; i--) monitoringWell(f);
        break;
      }
      case 'recharge': {
        const ponds = fr.int(2, 4);
        for (let p = 1; p <= ponds; p++) {
          add({
            locationId: `${f.abbr}-P${p}`,
            label: `${f.abbr} P${p}`,
            name: `${f.name} Pond ${p}`,
            type: 'recharge',
            waterbody: 'spa',
            ...near(f, 0.1, 1.2),
            isPublic: false,
            excludeFromMap: false,
            parameters: ['stage'],
            facilityKeys: [f.key],
          });
        }
        add({
          locationId: `${f.abbr}-IN`,
          label: `${f.abbr} Inflow`,
          name: `${f.name} Inflow Flume`,
          type: 'diversion',
          waterbody: f.waterbody === 'spa' ? 'spr' : f.waterbody,
          ...near(f, 0.3, 1.5),
          isPublic: true,
          excludeFromMap: false,
          parameters: ['flow'],
          facilityKeys: [f.key],
        });
        for (let i = fr.int(0, 2); i > 0; i--) monitoringWell(f);
        break;
      }
      case 'augmentation': {
        add({
          locationId: `${f.abbr}-AUG`,
          label: `${f.abbr} Aug`,
          name: `${f.name} Return Flume`,
          type: 'augmentation',
          waterbody: f.waterbody,
          ...near(f, 0, 0.4),
          isPublic: true,
          excludeFromMap: false,
          parameters: ['flow', 'battery'],
          facilityKeys: [f.key],
        });
        const wells = fr.int(1, 2);
        for (let w = 1; w <= wells; w++) {
          add({
            locationId: `${f.abbr}-W${w}`,
            label: `${f.abbr} W${w}`,
            name: `${f.name} Well ${w}`,
            type: 'well',
            waterbody: 'spa',
            ...near(f, 0.3, 2),
            isPublic: false,
            excludeFromMap: false,
            parameters: ['pumping'],
            facilityKeys: [f.key],
            isWellOwner: true,
            wellNumber: `${fr.int(10000, 89999)}-F`,
          });
        }
        break;
      }
      case 'wells': {
        const n = Number(f.abbr.slice(2));
        // Well Field 1 holds TW-11..TW-15: the spec's trigger-elevation banner names TW-11, TW-13, TW-14.
        const count = n === 1 ? 5 : fr.int(3, 5);
        for (let w = 1; w <= count; w++) {
          const id = `TW-${n}${w}`;
          add({
            locationId: id,
            label: id,
            name: `${f.name} Production Well ${id}`,
            type: 'well',
            waterbody: f.waterbody,
            ...near(f, 0.2, 1.8),
            isPublic: false,
            excludeFromMap: false,
            parameters: fr.chance(0.45) ? ['level', 'pumping'] : ['level'],
            facilityKeys: [f.key],
            isWellOwner: true,
            wellNumber: `${fr.int(10000, 89999)}-F`,
          });
        }
        for (let i = fr.int(1, 2); i > 0; i--) monitoringWell(f);
        break;
      }
      case 'diversions': {
        add({
          locationId: `${f.abbr}-HG`,
          label: `${f.abbr} HG`,
          name: `${f.name} Headgate`,
          type: 'diversion',
          waterbody: f.waterbody,
          ...near(f, 0, 0.3),
          isPublic: true,
          excludeFromMap: false,
          parameters: ['flow', 'stage'],
          facilityKeys: [f.key],
        });
        for (let i = 1, k = fr.int(1, 2); i <= k; i++) {
          add({
            locationId: `${f.abbr}-FL${i}`,
            label: `${f.abbr} FL${i}`,
            name: `${f.name} Measuring Flume ${i}`,
            type: 'diversion',
            waterbody: f.waterbody,
            ...near(f, 1, 4),
            isPublic: false,
            excludeFromMap: false,
            parameters: ['flow'],
            facilityKeys: [f.key],
          });
        }
        break;
      }
      default:
        break;
    }
    for (const g of GAUGE_LINKS[f.key] ?? []) byId.get(g)!.facilityKeys.push(f.key);
  }

  padWithMonitoringWells(rng, facilities, locations, monitoringWell);
  markExceptions(rng, locations);
  // Each facility's map opens with all of its located locations in view.
  for (const f of facilities)
    f.zoom = zoomToFit(
      f,
      locations.filter((l) => l.facilityKeys.includes(f.key)),
    );
  return { facilities, locations };
}

export function locationTypeOf(key: LocationTypeKey) {
  return LOCATION_TYPES.find((t) => t.key === key)!;
}
