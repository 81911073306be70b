import { POPUP_FIELDS } from '@portal/contracts';
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import { countyAt } from './counties';
import { round6, scatter, MAP_CENTRE } from './geo';
import { currentFlowFeatures, DITCH_KINDS, iso, pointFeature, stationFeatures, WATER_SOURCES, wdid } from './dwr-stations';
import { rngFor, type Rng } from './prng';

/**
 * Stand-ins for the Colorado DWR / CDSS layers. Each feature carries exactly the properties
 * the popup lists for its layer (POPUP_FIELDS in contracts), so popups render as they would
 * against the state's services, without the demo reaching the internet.
 */

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
    features.push(
      pointFeature(`div-point-${i + 1}`, p.lon, p.lat, {
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
      }),
    );
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
    [
      1,
      'South Platte River: Kersey to Balzac',
      [
        [-104.55, 40.3],
        [-103.6, 40.3],
        [-103.6, 40.62],
        [-104.55, 40.62],
        [-104.55, 40.45],
      ],
    ],
    [
      2,
      'South Platte River: Denver to Kersey',
      [
        [-104.95, 39.75],
        [-104.45, 39.75],
        [-104.45, 40.3],
        [-104.55, 40.45],
        [-104.85, 40.45],
        [-104.85, 40.3],
        [-104.95, 40.3],
      ],
    ],
    [
      3,
      'Cache la Poudre River',
      [
        [-105.35, 40.45],
        [-104.55, 40.45],
        [-104.55, 40.8],
        [-105.35, 40.8],
      ],
    ],
    [
      4,
      'Big Thompson River',
      [
        [-105.35, 40.3],
        [-104.85, 40.3],
        [-104.85, 40.45],
        [-105.35, 40.45],
      ],
    ],
    [
      5,
      'St. Vrain Creek',
      [
        [-105.35, 40.12],
        [-104.95, 40.12],
        [-104.95, 40.3],
        [-105.35, 40.3],
      ],
    ],
    [
      6,
      'Boulder Creek',
      [
        [-105.35, 39.95],
        [-104.95, 39.95],
        [-104.95, 40.12],
        [-105.35, 40.12],
      ],
    ],
    [
      64,
      'South Platte River: Balzac to Julesburg',
      [
        [-103.6, 40.3],
        [-102.05, 40.3],
        [-102.05, 41.0],
        [-103.6, 41.0],
      ],
    ],
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

/** Popup fields each source's features must carry: those of the layer drawn from it (tests check them). */
export const SOURCE_POPUP_FIELDS: Record<string, readonly string[]> = {
  'dwr-diversion': POPUP_FIELDS['dwr-diversion'],
  'dwr-streamflow': POPUP_FIELDS['dwr-streamflow'],
  'dwr-reservoir': POPUP_FIELDS['dwr-reservoir'],
  'usds-spr-current-symbol': POPUP_FIELDS['usds-spr-current-symbol'],
  'diversion-points': POPUP_FIELDS['diversion-points-circle'],
  rivercalls: POPUP_FIELDS.rivercalls,
  // The DWR Water Districts layer also uses a district field.
  'dwr-water-districts': ['district'],
};
