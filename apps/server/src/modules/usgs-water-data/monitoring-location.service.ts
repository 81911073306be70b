import type { MonitoringLocation } from '@portal/contracts';
import { HttpError, notFound } from '../../http/errors';
import { getWaterDataJson, WaterDataError, WaterDataNotFoundError, waterDataUrl, type WaterDataClient } from './water-data-client';

interface LocationFeature {
  id?: unknown;
  geometry?: { type?: unknown; coordinates?: unknown } | null;
  properties?: { monitoring_location_name?: unknown; site_type?: unknown; state_name?: unknown } | null;
}

const textOrNull = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * "Fill from USGS": the name and coordinates of one monitoring location, from
 * collections/monitoring-locations/items/{id}. 404 when USGS has no such location; 502 quoting
 * the service when it fails or answers without a name or a point.
 */
export async function findMonitoringLocation(client: WaterDataClient, id: string): Promise<MonitoringLocation> {
  const url = waterDataUrl(client, `collections/monitoring-locations/items/${encodeURIComponent(id)}`, new URLSearchParams({ f: 'json' }));
  let doc: LocationFeature;
  try {
    doc = (await getWaterDataJson(client, url)) as LocationFeature;
  } catch (e) {
    if (e instanceof WaterDataNotFoundError) throw notFound(`USGS has no monitoring location ${id}`);
    if (e instanceof WaterDataError) throw new HttpError(502, e.message);
    throw e;
  }
  const coords = doc?.geometry?.coordinates;
  const name = textOrNull(doc?.properties?.monitoring_location_name);
  if (
    !Array.isArray(coords) ||
    coords.length < 2 ||
    !coords.slice(0, 2).every((c) => typeof c === 'number' && Number.isFinite(c)) ||
    !name
  ) {
    throw new HttpError(502, `The USGS Water Data API answered for ${id} without a name and a point (${url})`);
  }
  const [longitude, latitude] = coords as number[];
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    throw new HttpError(502, `The USGS Water Data API answered for ${id} with coordinates out of range (${url})`);
  }
  return {
    monitoring_location_id: id,
    location_name: name,
    latitude: Number(latitude.toFixed(6)),
    longitude: Number(longitude.toFixed(6)),
    site_type: textOrNull(doc.properties?.site_type),
    state_name: textOrNull(doc.properties?.state_name),
  };
}
