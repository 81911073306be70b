import { wallClockText } from '@portal/contracts';
import { CDSS_TIME_ZONE } from '../modules/map-sources/cdss-transforms';
import { countyAt } from './counties';
import { MAP_CENTRE, scatter } from './geo';
import { WATER_SOURCES, wdid } from './dwr-stations';
import { rngFor } from './prng';

/**
 * The demo district's CDSS telemetry stations as the CDSS REST API lists them
 * (telemetrystations/telemetrystation, one record per station). The seed turns them into the
 * 'cdss-telemetry-stations' map source with the same transform the sync job uses, and the e2e
 * run serves them from a loopback CDSS stand-in, so the seeded copy and a synced copy agree.
 */

/** Where the demo's CDSS layers are read from (relative to CDSS_BASE_URL): Division 1, South Platte. */
export const CDSS_TELEMETRY_PATH = 'telemetrystations/telemetrystation/?division=1';

/** Station types as CDSS names them; the layer colours by them. */
export const CDSS_STATION_TYPES = ['Stream Gage', 'Diversion Structure', 'Reservoir', 'Well', 'Climate Station'] as const;

const TOWNS = ['GILCREST', 'PLATTEVILLE', 'KERSEY', 'FORT LUPTON', 'HENDERSON', 'LA SALLE', 'EVANS', 'GREELEY', 'MILLIKEN', 'JOHNSTOWN'];
const PARAMETER_BY_TYPE: Record<(typeof CDSS_STATION_TYPES)[number], string> = {
  'Stream Gage': 'DISCHRG',
  'Diversion Structure': 'DISCHRG1',
  Reservoir: 'STORAGE',
  Well: 'WATLVL',
  'Climate Station': 'AIRTEMP',
};

/** CDSS local time ("2026-05-20 10:45:00", Colorado wall clock) of an instant. */
const cdssLocalTime = (ms: number): string => wallClockText(ms, CDSS_TIME_ZONE);

/** Deterministic telemetry station records for the demo district (seed + anchor). */
export function demoTelemetryStationRecords(seed: number, anchor: Date): Record<string, unknown>[] {
  const rng = rngFor(seed, 'cdss-telemetry-stations');
  const anchorMs = anchor.getTime();
  const records: Record<string, unknown>[] = [];
  for (let i = 0; i < 36; i++) {
    const type = CDSS_STATION_TYPES[i % CDSS_STATION_TYPES.length];
    const p = scatter(rng, MAP_CENTRE.lon, MAP_CENTRE.lat, 2, 45);
    const source = type === 'Well' ? WATER_SOURCES[6] : rng.pick(WATER_SOURCES.slice(0, 4));
    const town = TOWNS[i % TOWNS.length];
    const river = source
      .replace(/ RIVER| CREEK/, '')
      .replace(/[^A-Z]/g, '')
      .slice(0, 3);
    const abbrev = `${river}${town.replace(/[^A-Z]/g, '').slice(0, 3)}${i < 26 ? String.fromCharCode(65 + i) : i - 25}CO`;
    const name =
      type === 'Stream Gage'
        ? `${source} NEAR ${town}`
        : type === 'Diversion Structure'
          ? `${rng.pick(['FARMERS', 'UNION', 'PLATTE VALLEY', 'LUPTON BOTTOM', 'HEWES-COOK', 'RURAL'])} DITCH AT ${town}`
          : type === 'Reservoir'
            ? `${rng.pick(['MILTON', 'JACKSON', 'EMPIRE', 'RIVERSIDE', 'LOWER LATHAM', 'GOOSEQUILL'])} RESERVOIR`
            : type === 'Well'
              ? `MONITORING WELL ${town} ${i}`
              : `${town} CLIMATE STATION`;
    records.push({
      division: 1,
      waterDistrict: 2,
      county: (countyAt(p.lon, p.lat)?.name ?? 'Weld').toUpperCase(),
      stationName: name,
      dataSourceAbbrev: i % 4 === 3 ? 'USGS' : 'DWR',
      waterSource: type === 'Climate Station' ? null : source,
      abbrev,
      stationStatus: 'Active',
      stationType: type,
      measDateTime: cdssLocalTime(anchorMs - rng.int(0, 8) * 900_000),
      parameter: PARAMETER_BY_TYPE[type],
      measValue: Math.round(rng.range(1, 600) * 10) / 10,
      huc10: `10190003${String(rng.int(1, 20)).padStart(2, '0')}`,
      latitude: p.lat,
      longitude: p.lon,
      wdid: type === 'Climate Station' ? null : wdid(rng, '02'),
      moreInformation: `https://dwr.state.co.us/Tools/Stations/${abbrev}`,
    });
  }
  return records;
}

/** A CDSS list answer (the paging envelope) holding the records of one page. */
export function cdssEnvelope(records: unknown[], pageNumber = 1, pageCount = 1): Record<string, unknown> {
  return {
    PageNumber: pageNumber,
    PageCount: pageCount,
    ResultCount: records.length,
    ResultDateTime: cdssLocalTime(Date.now()),
    ResultList: records,
  };
}
