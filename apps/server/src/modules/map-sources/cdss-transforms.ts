import { TZDate } from '@date-fns/tz';
import type { Feature, FeatureCollection } from 'geojson';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';

/** CDSS (Colorado DWR) reports Colorado wall-clock time, whatever zone the district is configured to. */
export const CDSS_TIME_ZONE = DEFAULT_DISTRICT_TIME_ZONE;

/**
 * CDSS records -> GeoJSON whose properties are exactly the popup fields of the layer that
 * draws them, so a synced source and the seeded copy look the same.
 * A map_source row names its transform; records without coordinates are skipped.
 */

type Rec = Record<string, unknown>;
const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : null;

/** CDSS local time ("2024-05-31 12:45:00", Colorado time, no offset) -> ISO UTC; null when absent or malformed. */
export function cdssTimeToIso(v: unknown): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(String(v ?? ''));
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const t = new TZDate(y, mo - 1, d, h, mi, s || 0, CDSS_TIME_ZONE).getTime();
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}
const dateOnly = (v: unknown) => /^(\d{4}-\d{2}-\d{2})/.exec(String(v ?? ''))?.[1] ?? null;

function point(id: unknown, lon: unknown, lat: unknown, properties: Rec): Feature | null {
  const x = num(lon);
  const y = num(lat);
  if (x === null || y === null || x < -180 || x > 180 || y < -90 || y > 90 || (x === 0 && y === 0)) return null;
  return { type: 'Feature', id: str(id) ?? undefined, properties, geometry: { type: 'Point', coordinates: [x, y] } };
}

/** telemetrystations/telemetrystation -> dwr-diversion / dwr-streamflow / dwr-reservoir popups. */
function telemetryStations(records: Rec[]): Feature[] {
  return records
    .map((r) =>
      point(r.abbrev, r.longitude, r.latitude, {
        location_id: str(r.abbrev),
        location_display_label: str(r.stationName),
        last_report: cdssTimeToIso(r.measDateTime),
        system_url: str(r.moreInformation),
        locationtype: str(r.stationType),
        waterbody_name: str(r.waterSource),
        county_name: str(r.county),
        // CDSS carries the HUC-10 basin, the closest it has to the popup's HUC-12 name.
        huc12_name: str(r.huc10),
        township_lndkey: null,
        latitude: num(r.latitude),
        longitude: num(r.longitude),
      }),
    )
    .filter((f): f is Feature => f !== null);
}

/** telemetrystations/telemetrystation?parameter=DISCHRG -> usds-spr-current-symbol popups. */
function currentFlow(records: Rec[]): Feature[] {
  return records
    .filter((r) => r.parameter === undefined || r.parameter === null || String(r.parameter).startsWith('DISCHRG'))
    .map((r) =>
      point(r.abbrev, r.longitude, r.latitude, {
        location_id: str(r.abbrev),
        location_name: str(r.stationName),
        source: str(r.dataSourceAbbrev),
        wdid: str(r.wdid),
        current_flow_cfs: num(r.measValue),
        stream_mile: num(r.streamMile),
        most_recent_timestamp: cdssTimeToIso(r.measDateTime),
      }),
    )
    .filter((f): f is Feature => f !== null);
}

/** structures -> diversion-points popups (decreed amounts are not part of a structure record). */
function structures(records: Rec[]): Feature[] {
  return records
    .map((r) =>
      point(r.wdid, r.longdecdeg, r.latdecdeg, {
        MoreInfo: str(r.moreInformation) ?? (str(r.wdid) ? `https://dwr.state.co.us/Tools/Structures/${String(r.wdid)}` : null),
        StructType: str(r.structureType),
        WDID: str(r.wdid),
        WaterSrc: str(r.waterSource),
        AssocCaseN: str(r.associatedCaseNumbers),
        AssocPermi: str(r.associatedPermits),
        CurrInUse: str(r.ciuCode),
        DCRratAbs: num(r.decreedRateAbs),
        DcrRatCond: num(r.decreedRateCond),
        DcrVolAbs: num(r.decreedVolumeAbs),
        DcrVolCond: num(r.decreedVolumeCond),
        County: str(r.county),
        LatDecDeg: num(r.latdecdeg),
        LongDecDeg: num(r.longdecdeg),
        LocAccurac: str(r.locationAccuracy),
      }),
    )
    .filter((f): f is Feature => f !== null);
}

/** administrativecalls/active -> rivercalls popups, placed at the calling structure. */
function adminCalls(records: Rec[]): Feature[] {
  return records
    .map((r) =>
      point(r.callNumber, r.locationStructureLongitude, r.locationStructureLatitude, {
        structure_name: str(r.locationStructureName),
        wdid: str(r.locationWdid),
        last_report: cdssTimeToIso(r.modified),
        water_source: str(r.waterSourceName),
        call_type: str(r.callType),
        date_set: cdssTimeToIso(r.dateTimeSet),
        admin_no: num(r.priorityAdminNumber)?.toFixed(5) ?? null,
        appro_date: dateOnly(r.priorityDate),
        stream_mile: num(r.locationWdidStreammile),
        set_comments: str(r.setComments),
        source_url: str(r.moreInformation),
      }),
    )
    .filter((f): f is Feature => f !== null);
}

export const CDSS_TRANSFORMS = {
  'telemetry-stations': telemetryStations,
  'current-flow': currentFlow,
  structures,
  'admin-calls': adminCalls,
} as const;
export type CdssTransformName = keyof typeof CDSS_TRANSFORMS;

export function isTransformName(name: string): name is CdssTransformName {
  return Object.hasOwn(CDSS_TRANSFORMS, name);
}

/** Applies a named transform to CDSS records. */
export function transformRecords(name: CdssTransformName, records: Rec[]): FeatureCollection {
  return { type: 'FeatureCollection', features: CDSS_TRANSFORMS[name](records) };
}
