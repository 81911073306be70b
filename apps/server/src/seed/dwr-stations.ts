import type { Feature, FeatureCollection } from 'geojson';
import { countyAt } from './counties';
import { HUC12_BY_WATERBODY, MAP_CENTRE, scatter, townshipKey } from './geo';
import type { Rng } from './prng';

/**
 * Station layers of the DWR stand-ins (diversion, streamflow, reservoir and current-flow
 * points); dwr-layers.ts assembles all sources. Properties are exactly the spec's popup fields.
 */

export const WATER_SOURCES = [
  'SOUTH PLATTE RIVER',
  'CACHE LA POUDRE RIVER',
  'BIG THOMPSON RIVER',
  'ST VRAIN CREEK',
  'BOX ELDER CREEK',
  'LOST CREEK',
  'GROUNDWATER: SOUTH PLATTE ALLUVIUM',
];
const WB_KEYS = ['spr', 'clp', 'bt', 'svc', 'bec', 'lc', 'spa'];
export const DITCH_WORDS = [
  'Farmers',
  'Independent',
  'Union',
  'Platte Valley',
  'Lupton Bottom',
  'Hewes-Cook',
  'Evans No. 2',
  'Patterson',
  'Jay Thomas',
  'Beebe Draw',
  'Godfrey',
  'Highland',
  'Bijou',
  'Rural',
  'Plumb',
  'Signal',
];
export const DITCH_KINDS = ['Ditch', 'Canal', 'Lateral', 'Pipeline', 'Well', 'Reservoir', 'Recharge Pond'];

/** A DWR WDID: two-digit district, five-digit structure id (e.g. '0200803'). */
export function wdid(rng: Rng, district = rng.pick(['01', '02', '03', '04', '05', '06', '64'])): string {
  return `${district}${String(rng.int(500, 99999)).padStart(5, '0')}`;
}

export const iso = (ms: number) => new Date(ms).toISOString();
export const pointFeature = (id: string, lon: number, lat: number, properties: Record<string, unknown>): Feature => ({
  type: 'Feature',
  id,
  properties,
  geometry: { type: 'Point', coordinates: [lon, lat] },
});

export function stationFeatures(rng: Rng, anchorMs: number, kind: 'diversion' | 'streamflow' | 'reservoir', n: number): FeatureCollection {
  const features: Feature[] = [];
  const typeName = { diversion: 'Diversion Structure', streamflow: 'Stream Gauge', reservoir: 'Reservoir' }[kind];
  for (let i = 0; i < n; i++) {
    const wi = rng.int(0, WB_KEYS.length - 2);
    const p = scatter(rng, MAP_CENTRE.lon, MAP_CENTRE.lat, 2, 38);
    const id =
      kind === 'streamflow'
        ? `${['PLA', 'CLA', 'BTR', 'SVC', 'BOX', 'LOS'][wi]}${['GIL', 'PLT', 'KER', 'LUP', 'HEN', 'LAS', 'EVA'][i % 7]}CO`
        : wdid(rng, '02');
    const name =
      kind === 'streamflow'
        ? `${WATER_SOURCES[wi].replace(/\b(\w)(\w*)/g, (_, a: string, b: string) => a + b.toLowerCase())} near ${['Gilcrest', 'Platteville', 'Kersey', 'Fort Lupton', 'Henderson', 'La Salle', 'Evans'][i % 7]}`
        : `${rng.pick(DITCH_WORDS)} ${kind === 'reservoir' ? 'Reservoir' : rng.pick(['Ditch', 'Canal', 'Lateral'])}`;
    features.push(
      pointFeature(`dwr-${kind}-${i + 1}`, p.lon, p.lat, {
        location_id: id,
        location_display_label: name,
        last_report: iso(anchorMs - rng.int(0, kind === 'reservoir' ? 96 : 8) * 900_000),
        system_url:
          kind === 'streamflow' ? `https://dwr.state.co.us/Tools/Stations/${id}` : `https://dwr.state.co.us/Tools/Structures/${id}`,
        locationtype: typeName,
        waterbody_name: WATER_SOURCES[wi],
        county_name: countyAt(p.lon, p.lat)?.name ?? 'Weld',
        huc12_name: rng.pick(HUC12_BY_WATERBODY[WB_KEYS[wi]]),
        township_lndkey: townshipKey(p.lon, p.lat),
        latitude: p.lat,
        longitude: p.lon,
      }),
    );
  }
  return { type: 'FeatureCollection', features };
}

/** South Platte gauges with their current flow: the 'usds-spr-current-symbol' layer. */
export function currentFlowFeatures(rng: Rng, anchorMs: number): FeatureCollection {
  const stations = [
    ['PLAHENCO', 'South Platte River at Henderson', -104.87, 39.92, 294.1],
    ['PLAFTLCO', 'South Platte River near Fort Lupton', -104.79, 40.1, 279.6],
    ['PLAPLTCO', 'South Platte River near Platteville', -104.81, 40.23, 268.3],
    ['PLAGILCO', 'South Platte River near Gilcrest', -104.76, 40.29, 260.8],
    ['PLAKERCO', 'South Platte River at Kersey', -104.565, 40.41, 247.2],
    ['PLAWELCO', 'South Platte River near Weldona', -103.96, 40.33, 204.5],
  ] as const;
  const features = stations.map(([id, name, lon, lat, mile], i) =>
    pointFeature(`spr-current-${i + 1}`, lon, lat, {
      location_id: id,
      location_name: name,
      source: i % 2 === 0 ? 'DWR' : 'USGS',
      wdid: wdid(rng, i < 4 ? '02' : '01'),
      current_flow_cfs: Math.round(rng.range(90, 650) * 10) / 10,
      stream_mile: mile,
      most_recent_timestamp: iso(anchorMs - rng.int(0, 4) * 900_000),
    }),
  );
  return { type: 'FeatureCollection', features };
}
