import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback stand-in for the USGS Water Data OGC API, answering in the shapes of the recorded
// answers (GeoJSON feature collections whose values are strings, next links with a cursor,
// {code, description} errors), for integration tests, the e2e run and the bench.

export interface WaterDataProperties {
  monitoring_location_id: string;
  parameter_code: string;
  statistic_id: string;
  time: string;
  value: string | null;
  approval_status: 'Provisional' | 'Approved' | string;
  qualifier: string[] | null;
  unit_of_measure?: string;
}

export interface WaterDataFeature {
  type: 'Feature';
  id: string;
  geometry: null | { type: 'Point'; coordinates: [number, number] };
  properties: Record<string, unknown>;
}

let featureCounter = 0;

/** One feature as the service sends it (time_series_id, last_modified and unit filled in). */
export function waterDataFeature(p: WaterDataProperties): WaterDataFeature {
  featureCounter++;
  return {
    type: 'Feature',
    id: `00000000-0000-4000-8000-${String(featureCounter).padStart(12, '0')}`,
    geometry: null,
    properties: {
      approval_status: p.approval_status,
      last_modified: '2026-07-30T15:43:16.002990+00:00',
      monitoring_location_id: p.monitoring_location_id,
      parameter_code: p.parameter_code,
      qualifier: p.qualifier,
      statistic_id: p.statistic_id,
      time: p.time,
      time_series_id: `ts-${p.monitoring_location_id}-${p.parameter_code}-${p.statistic_id}`,
      unit_of_measure: p.unit_of_measure ?? (p.parameter_code === '00065' ? 'ft' : 'ft^3/s'),
      value: p.value,
    },
  };
}

/** What a request asked for: the collection and its filters, with `time` read as a closed range. */
export interface ItemsQuery {
  collection: string;
  monitoringLocationId: string | null;
  parameterCode: string | null;
  statisticId: string | null;
  /** Epoch ms; dates are read as UTC midnight (from) and the end of that day (to). */
  fromMs: number | null;
  toMs: number | null;
  limit: number;
}

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface RecordedRequest {
  url: URL;
  headers: http.IncomingHttpHeaders;
}

export interface WaterDataServiceOptions {
  /** The features of a query (before paging); the service filters nothing itself unless this does. */
  items: (q: ItemsQuery) => WaterDataFeature[];
  /** Most features per page, whatever `limit` asks (the real service also sends fewer than asked). */
  pageSize?: number;
  /** Monitoring locations for collections/monitoring-locations/items/{id}. */
  locations?: Record<string, WaterDataFeature>;
  /** Lets a test answer a request itself (a 429, a 403, a 500); undefined = the normal answer. */
  intercept?: (req: RecordedRequest, index: number) => ScriptedAnswer | undefined;
}

export interface WaterDataService {
  /** The base URL to configure as USGS_WATER_DATA_URL: http://127.0.0.1:{port}/ogcapi/v0 */
  url: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

const PREFIX = '/ogcapi/v0';

function rangeOf(time: string | null): { fromMs: number | null; toMs: number | null } {
  if (!time) return { fromMs: null, toMs: null };
  const [a, b] = time.split('/');
  const read = (t: string | undefined, end: boolean) => {
    if (!t || t === '..') return null;
    if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return Date.parse(`${t}T00:00:00Z`) + (end ? 86_400_000 - 1 : 0);
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? null : ms;
  };
  return { fromMs: read(a, false), toMs: read(b ?? a, true) };
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/geo+json; charset=utf-8', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** Starts the stand-in on 127.0.0.1 (a free port). */
export async function startWaterDataService(opts: WaterDataServiceOptions): Promise<WaterDataService> {
  const requests: RecordedRequest[] = [];
  const pageSize = opts.pageSize ?? 50_000;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded = { url, headers: req.headers };
    requests.push(recorded);
    const scripted = opts.intercept?.(recorded, requests.length - 1);
    if (scripted) return send(res, scripted.status, scripted.body, scripted.headers);
    const location = new RegExp(`^${PREFIX}/collections/monitoring-locations/items/([^/]+)$`).exec(url.pathname);
    if (location) {
      const feature = opts.locations?.[decodeURIComponent(location[1])];
      return feature
        ? send(res, 200, { ...feature, links: [] })
        : send(res, 404, { code: 'NotFound', description: 'identifier not found' });
    }
    const items = new RegExp(`^${PREFIX}/collections/([a-z-]+)/items$`).exec(url.pathname);
    if (!items) return send(res, 404, { code: 'NotFound', description: 'Collection not found' });
    const q: ItemsQuery = {
      collection: items[1],
      monitoringLocationId: url.searchParams.get('monitoring_location_id'),
      parameterCode: url.searchParams.get('parameter_code'),
      statisticId: url.searchParams.get('statistic_id'),
      ...rangeOf(url.searchParams.get('time')),
      limit: Number(url.searchParams.get('limit') ?? 10),
    };
    const all = opts.items(q);
    const cursor = Number(url.searchParams.get('cursor') ?? 0);
    const size = Math.min(pageSize, q.limit > 0 ? q.limit : pageSize);
    const features = all.slice(cursor, cursor + size);
    const links: { rel: string; type: string; title: string; href: string }[] = [
      { rel: 'self', type: 'application/geo+json', title: 'This document as GeoJSON', href: url.toString() },
    ];
    if (cursor + size < all.length) {
      const next = new URL(url.toString());
      const host = req.headers.host ?? '127.0.0.1';
      next.host = host;
      next.searchParams.set('cursor', String(cursor + size));
      links.push({ rel: 'next', type: 'application/geo+json', title: 'Items (next)', href: next.toString() });
    }
    send(res, 200, {
      type: 'FeatureCollection',
      features,
      numberReturned: features.length,
      links,
      timeStamp: new Date().toISOString(),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${PREFIX}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A monitoring location as collections/monitoring-locations/items/{id} answers it. */
export function monitoringLocationFeature(id: string, name: string, longitude: number, latitude: number): WaterDataFeature {
  return {
    type: 'Feature',
    id,
    geometry: { type: 'Point', coordinates: [longitude, latitude] },
    properties: {
      id,
      agency_code: 'USGS',
      monitoring_location_number: id.replace(/^[A-Z]+-/, ''),
      monitoring_location_name: name,
      site_type: 'Stream',
      state_name: 'Colorado',
      time_zone_abbreviation: 'MST',
    },
  };
}

/**
 * A made-up but plausible series for any site and parameter: a continuous value every 15 minutes
 * (or one daily mean a day) inside the asked window, the last `provisionalDays` before `now`
 * Provisional and the rest Approved, with ICE on some winter readings.
 */
export function generatedItems(q: ItemsQuery, now: Date, provisionalDays = 3): WaterDataFeature[] {
  if (!q.monitoringLocationId || !q.parameterCode || q.fromMs === null) return [];
  const daily = q.collection === 'daily';
  const step = daily ? 86_400_000 : 900_000;
  const end = Math.min(q.toMs ?? now.getTime(), now.getTime());
  const provisionalFrom = now.getTime() - provisionalDays * 86_400_000;
  const out: WaterDataFeature[] = [];
  for (let t = Math.ceil(q.fromMs / step) * step; t <= end; t += step) {
    const hours = t / 3_600_000;
    const value = (250 + 40 * Math.sin(hours / 12) + 10 * Math.sin(hours / 3)).toFixed(2);
    const month = new Date(t).getUTCMonth();
    out.push(
      waterDataFeature({
        monitoring_location_id: q.monitoringLocationId,
        parameter_code: q.parameterCode,
        statistic_id: daily ? (q.statisticId ?? '00003') : '00011',
        time: daily ? new Date(t).toISOString().slice(0, 10) : new Date(t).toISOString().replace('.000Z', '+00:00'),
        value,
        approval_status: t >= provisionalFrom ? 'Provisional' : 'Approved',
        qualifier: (month === 0 || month === 11) && Math.floor(hours) % 24 < 6 ? ['ICE'] : null,
      }),
    );
  }
  return out;
}
