import type { Feature, FeatureCollection, Polygon } from 'geojson';
import { countyAt } from './counties';
import { HUC12_BY_WATERBODY, MAP_CENTRE, round6, scatter, townshipKey } from './geo';
import { rngFor, type Rng } from './prng';

/**
 * Stand-ins for the Colorado DWR / CDSS layers. Each feature carries exactly the properties
 * the spec's popup lists for its layer (part 1 §2 Popups), so popups render as they would
 * against the state's services, without the demo reaching the internet.
 */

const WATER_SOURCES = ['SOUTH PLATTE RIVER', 'CACHE LA POUDRE RIVER', 'BIG THOMPSON RIVER', 'ST VRAIN CREEK', 'BOX ELDER CREEK', 'LOST CREEK', 'GROUNDWATER: SOUTH PLATTE ALLUVIUM'];
const WB_KEYS = ['spr', 'clp', 'bt', 'svc', 'bec', 'lc', 'spa'];
const DITCH_WORDS = ['Farmers', 'Independent', 'Union', 'Platte Valley', 'Lupton Bottom', 'Hewes-Cook', 'Evans No. 2', 'Patterson', 'Jay Thomas', 'Beebe Draw', 'Godfrey', 'Highland', 'Bijou', 'Rural', 'Plumb', 'Signal'];
const DITCH_KINDS = ['Ditch', 'Canal', 'Lateral', 'Pipeline', 'Well', 'Reservoir', 'Recharge Pond'];

/** A DWR WDID: two-digit district, five-digit structure id (e.g. '0200803'). */
function wdid(rng: Rng, district = rng.pick(['01', '02', '03', '04', '05', '06', '64'])): string {
  return `${district}${String(rng.int(500, 99999)).padStart(5, '0')}`;
}

const iso = (ms: number) => new Date(ms).toISOString();
const pointFeature = (id: string, lon: number, lat: number, properties: Record<string, unknown>): Feature => ({
  type: 'Feature', id, properties, geometry: { type: 'Point', coordinates: [lon, lat] },
});

function stationFeatures(rng: Rng, anchorMs: number, kind: 'diversion' | 'streamflow' | 'reservoir', n: number): FeatureCollection {
  const features: Feature[] = [];
  const typeName = { diversion: 'Diversion Structure', streamflow: 'Stream Gauge', reservoir: 'Reservoir' }[kind];
  for (let i = 0; i < n; i++) {
    const wi = rng.int(0, WB_KEYS.length - 2);
    const p = scatter(rng, MAP_CENTRE.lon, MAP_CENTRE.lat, 2, 38);
    const id = kind === 'streamflow' ? `${['PLA', 'CLA', 'BTR', 'SVC', 'BOX', 'LOS'][wi]}${['GIL', 'PLT', 'KER', 'LUP', 'HEN', 'LAS', 'EVA'][i % 7]}CO` : wdid(rng, '02');
    const name = kind === 'streamflow'
      ? `${WATER_SOURCES[wi].replace(/\b(\w)(\w*)/g, (_, a: string, b: string) => a + b.toLowerCase())} near ${['Gilcrest', 'Platteville', 'Kersey', 'Fort Lupton', 'Henderson', 'La Salle', 'Evans'][i % 7]}`
      : `${rng.pick(DITCH_WORDS)} ${kind === 'reservoir' ? 'Reservoir' : rng.pick(['Ditch', 'Canal', 'Lateral'])}`;
    features.push(pointFeature(`dwr-${kind}-${i + 1}`, p.lon, p.lat, {
      location_id: id,
      location_display_label: name,
      last_report: iso(anchorMs - rng.int(0, kind === 'reservoir' ? 96 : 8) * 900_000),
      system_url: kind === 'streamflow'
        ? `https://dwr.state.co.us/Tools/Stations/${id}`
        : `https://dwr.state.co.us/Tools/Structures/${id}`,
      locationtype: typeName,
      waterbody_name: WATER_SOURCES[wi],
      county_name: countyAt(p.lon, p.lat)?.name ?? 'Weld',
      huc12_name: rng.pick(HUC12_BY_WATERBODY[WB_KEYS[wi]]),
      township_lndkey: townshipKey(p.lon, p.lat),
      latitude: p.lat,
      longitude: p.lon,
    }));
  }
  return { type: 'FeatureCollection', features };
}

/** South Platte gauges with their current flow: the 'usds-spr-current-symbol' layer. */
function currentFlowFeatures(rng: Rng, anchorMs: number): FeatureCollection {
  const stations = [
    ['PLAHENCO', 'South Platte River at Henderson', -104.87, 39.92, 294.1],
    ['PLAFTLCO', 'South Platte River near Fort Lupton', -104.79, 40.1, 279.6],
    ['PLAPLTCO', 'South Platte River near Platteville', -104.81, 40.23, 268.3],
    ['PLAGILCO', 'South Platte River near Gilcrest', -104.76, 40.29, 260.8],
    ['PLAKERCO', 'South Platte River at Kersey', -104.565, 40.41, 247.2],
    ['PLAWELCO', 'South Platte River near Weldona', -103.96, 40.33, 204.5],
  ] as const;
  const features = stations.map(([id, name, lon, lat, mile], i) => pointFeature(`spr-current-${i + 1}`, lon, lat, {
    location_id: id,
    location_name: name,
    source: i % 2 === 0 ? 'DWR' : 'USGS',
    wdid: wdid(rng, i < 4 ? '02' : '01'),
    current_flow_cfs: Math.round(rng.range(90, 650) * 10) / 10,
    stream_mile: mile,
    most_recent_timestamp: iso(anchorMs - rng.int(0, 4) * 900_000),
  }));
  return { type: 'FeatureCollection', features };
}

/** Points of diversion with decree summaries; every fifth shares its coordinates with the previous one so popups paginate. */
function diversionPoints(rng: Rng): FeatureCollection {
  const features: Feature[] = [];
  let prev: { lon: number; lat: number } = { lon: MAP_CENTRE.lon, lat: MAP_CENTRE.lat };
  for (let i = 0; i < 60; i++) {
    const p = i % 5 === 4 ? prev : scatter(rng, MAP_CENTRE.lon, MAP_CENTRE.lat, 1, 38);
    prev = p;
    const kind = rng.pick(DITCH_KINDS);
    const id = wdid(rng, rng.pick(['02', '02', '02', '03', '04', '05', '64']));
    const isWell = kind === 'Well';
    const rateAbs = Math.round(rng.range(0.5, isWell ? 4 : 120) * 100) / 100;
    features.push(pointFeature(`div-point-${i + 1}`, p.lon, p.lat, {
      MoreInfo: `https://dwr.state.co.us/Tools/Structures/${id}?tab=decreed-water-rights`,
      StructType: kind,
      WDID: id,
      WaterSrc: isWell ? 'GROUNDWATER: SOUTH PLATTE ALLUVIUM' : rng.pick(WATER_SOURCES.slice(0, 6)),
      AssocCaseN: rng.chance(0.7) ? `${rng.pick(['W', '02CW', '05CW', '13CW'])}${rng.int(100, 9999)}` : '',
      AssocPermi: isWell ? `${rng.int(10000, 89999)}-F` : '',
      CurrInUse: rng.pick(['A', 'A', 'A', 'I', 'U']),
      DCRratAbs: rateAbs,
      DcrRatCond: rng.chance(0.2) ? Math.round(rng.range(0.5, 40) * 100) / 100 : 0,
      DcrVolAbs: kind === 'Reservoir' || kind === 'Recharge Pond' ? Math.round(rng.range(50, 15000)) : 0,
      DcrVolCond: rng.chance(0.1) ? Math.round(rng.range(10, 2000)) : 0,
      County: (countyAt(p.lon, p.lat)?.name ?? 'Weld').toUpperCase(),
      LatDecDeg: round6(p.lat),
      LongDecDeg: round6(p.lon),
      LocAccurac: rng.pick(['GPS', 'Digitized', 'Spotted from quarters', 'Spotted from section lines']),
    }));
  }
  return { type: 'FeatureCollection', features };
}

/** The current priority calls on the river; two structures share a point so the popup paginates. */
function riverCalls(rng: Rng, anchorMs: number): FeatureCollection {
  const calls = [
    ['Lower Latham Ditch', 'SOUTH PLATTE RIVER', -104.585, 40.335, 240.1, '1866-01-01'],
    ['Empire Ditch', 'SOUTH PLATTE RIVER', -104.6, 40.36, 236.7, '1871-04-01'],
    ['Riverside Canal', 'SOUTH PLATTE RIVER', -104.45, 40.36, 229.4, '1905-10-12'],
    ['Whitney Ditch', 'CACHE LA POUDRE RIVER', -104.66, 40.42, 6.2, '1874-03-15'],
    ['Highland Ditch', 'ST VRAIN CREEK', -104.95, 40.2, 11.3, '1871-06-01'],
    ['Highland Ditch Exchange', 'ST VRAIN CREEK', -104.95, 40.2, 11.3, '1890-05-20'],
  ] as const;
  const features = calls.map(([name, source, lon, lat, mile, appro], i) => {
    const approMs = Date.parse(`${appro}T00:00:00Z`);
    // Colorado admin numbers: days since 1849-12-31 of the appropriation, with a tie-break fraction.
    const days = Math.round((approMs - Date.UTC(1849, 11, 31)) / 86_400_000);
    const set = anchorMs - rng.int(1, 40) * 86_400_000;
    const id = wdid(rng, source.startsWith('SOUTH') ? (i === 2 ? '01' : '02') : source.startsWith('CACHE') ? '03' : '05');
    return pointFeature(`rivercall-${i + 1}`, lon, lat, {
      structure_name: name,
      wdid: id,
      last_report: iso(anchorMs - rng.int(1, 12) * 3_600_000),
      water_source: source,
      call_type: i === 5 ? 'Exchange' : rng.pick(['Priority Call', 'Priority Call', 'Administrative']),
      date_set: iso(set),
      admin_no: `${days}.00000`,
      appro_date: appro,
      stream_mile: mile,
      set_comments: rng.pick(['Call placed by water commissioner.', 'Senior call downstream; juniors curtailed.', 'Call for storage.', '']),
      source_url: `https://dwr.state.co.us/Tools/Calls/${id}`,
    });
  });
  return { type: 'FeatureCollection', features };
}

/** Simplified water-district outlines around the demo area (Division 1). Plausible, not surveyed. */
function waterDistricts(): FeatureCollection {
  const boxes: [number, string, number[][]][] = [
    [1, 'South Platte River: Kersey to Balzac', [[-104.55, 40.3], [-103.6, 40.3], [-103.6, 40.62], [-104.55, 40.62], [-104.55, 40.45]]],
    [2, 'South Platte River: Denver to Kersey', [[-104.95, 39.75], [-104.45, 39.75], [-104.45, 40.3], [-104.55, 40.45], [-104.85, 40.45], [-104.85, 40.3], [-104.95, 40.3]]],
    [3, 'Cache la Poudre River', [[-105.35, 40.45], [-104.55, 40.45], [-104.55, 40.8], [-105.35, 40.8]]],
    [4, 'Big Thompson River', [[-105.35, 40.3], [-104.85, 40.3], [-104.85, 40.45], [-105.35, 40.45]]],
    [5, 'St. Vrain Creek', [[-105.35, 40.12], [-104.95, 40.12], [-104.95, 40.3], [-105.35, 40.3]]],
    [6, 'Boulder Creek', [[-105.35, 39.95], [-104.95, 39.95], [-104.95, 40.12], [-105.35, 40.12]]],
    [64, 'South Platte River: Balzac to Julesburg', [[-103.6, 40.3], [-102.05, 40.3], [-102.05, 41.0], [-103.6, 41.0]]],
  ];
  const features: Feature<Polygon>[] = boxes.map(([n, name, ring]) => ({
    type: 'Feature',
    id: `district-${n}`,
    properties: { district: n, name: `District ${n}: ${name}`, division: 1 },
    geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
  }));
  return { type: 'FeatureCollection', features };
}

/** All generated DWR sources, keyed by map_source id. */
export function dwrSources(seed: number, anchor: Date): Record<string, FeatureCollection> {
  const t = anchor.getTime();
  return {
    'dwr-diversion': stationFeatures(rngFor(seed, 'dwr-diversion'), t, 'diversion', 24),
    'dwr-streamflow': stationFeatures(rngFor(seed, 'dwr-streamflow'), t, 'streamflow', 14),
    'dwr-reservoir': stationFeatures(rngFor(seed, 'dwr-reservoir'), t, 'reservoir', 10),
    'usds-spr-current-symbol': currentFlowFeatures(rngFor(seed, 'spr-current'), t),
    'diversion-points': diversionPoints(rngFor(seed, 'diversion-points')),
    rivercalls: riverCalls(rngFor(seed, 'rivercalls'), t),
    'dwr-water-districts': waterDistricts(),
  };
}

/** Popup fields per source, exactly as part 1 §2 lists them (tests check features against these). */
export const POPUP_FIELDS: Record<string, string[]> = {
  'dwr-diversion': ['location_id', 'location_display_label', 'last_report', 'system_url', 'locationtype', 'waterbody_name', 'county_name', 'huc12_name', 'township_lndkey', 'latitude', 'longitude'],
  'usds-spr-current-symbol': ['location_id', 'location_name', 'source', 'wdid', 'current_flow_cfs', 'stream_mile', 'most_recent_timestamp'],
  'diversion-points': ['MoreInfo', 'StructType', 'WDID', 'WaterSrc', 'AssocCaseN', 'AssocPermi', 'CurrInUse', 'DCRratAbs', 'DcrRatCond', 'DcrVolAbs', 'DcrVolCond', 'County', 'LatDecDeg', 'LongDecDeg', 'LocAccurac'],
  rivercalls: ['structure_name', 'wdid', 'last_report', 'water_source', 'call_type', 'date_set', 'admin_no', 'appro_date', 'stream_mile', 'set_comments', 'source_url'],
  'dwr-water-districts': ['district'],
};
POPUP_FIELDS['dwr-streamflow'] = POPUP_FIELDS['dwr-diversion'];
POPUP_FIELDS['dwr-reservoir'] = POPUP_FIELDS['dwr-diversion'];
