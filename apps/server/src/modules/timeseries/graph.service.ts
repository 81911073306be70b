import { GRAPH_DEFAULT_MAX_POINTS, GRAPH_VALUE_FIELDS, type GraphRequest, type GraphType } from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import { locationNotFound, readableLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';
import { asBuffer, cpuPool } from '../../cpu-pool/cpu-pool';
import { graphJsonTask } from './graph-json';
import type { PackedSeries } from './chart-points';
import { dataSourceNames, findGraphLocation, findGraphSeries } from './graph.repository';
import { seriesKey, seriesPacked } from './series-points.repository';

/**
 * The graph answer as UTF-8 JSON bytes. PostgreSQL reads and packs the points; the CPU worker
 * thread splits them, thins the chart and writes the JSON (graph-json.ts), so a three-year
 * 15-minute graph never holds up the event loop. Shape: graphResponseSchema in @portal/contracts.
 */
export async function graphJson(db: Db, type: GraphType, locationNdx: number, request: GraphRequest, caller: Caller): Promise<Buffer> {
  // A location the caller may not read answers exactly like a missing one (decision 0012).
  // The series is looked up beside the access check and used only once the check passed.
  const valueField = GRAPH_VALUE_FIELDS[type];
  const [location, series] = await Promise.all([
    findGraphLocation(db, locationNdx, readableLocation(caller, 'l')),
    findGraphSeries(db, locationNdx, valueField),
  ]);
  if (!location) throw locationNotFound(locationNdx);
  const chartOnly = request.chartOnly ?? false;
  let packed: PackedSeries | null = null;
  let sources = new Map<number, string>();
  if (series) {
    const key = { location_ndx: locationNdx, parameter_ndx: series.parameter_ndx };
    const range = { startDate: request.startDate, endDate: request.endDate, startAt: null, endAt: null };
    // A chart marks provisional stretches from the qualifiers; only the rows name data sources.
    const [points, names] = await Promise.all([
      seriesPacked(
        db,
        request.interval,
        [key],
        range,
        chartOnly ? { details: 'qualifiers', splitOneSeries: true } : { details: 'sources and qualifiers' },
      ),
      chartOnly ? new Map<number, string>() : dataSourceNames(db),
    ]);
    packed = points.get(seriesKey(locationNdx, series.parameter_ndx)) ?? null;
    sources = names;
  }

  const headJson = JSON.stringify({
    location: { location_ndx: location.location_ndx, location_id: location.location_id, location_name: location.location_name },
    interval: request.interval,
    value_field: valueField,
    units: series?.units ?? null,
    startDate: request.startDate,
    endDate: request.endDate,
  });
  const bytes = await cpuPool.run(graphJsonTask, [
    {
      headJson,
      packed,
      sources,
      units: series?.units ?? null,
      location,
      valueField,
      maxPoints: request.maxPoints ?? GRAPH_DEFAULT_MAX_POINTS,
      chartOnly,
    },
  ]);
  return asBuffer(bytes);
}
