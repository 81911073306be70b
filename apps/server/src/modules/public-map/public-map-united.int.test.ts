import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  leanLocationFeaturePropertiesSchema,
  locationFeaturePropertiesSchema,
  publicMapFiltersSchema,
  unitedLocationFeaturePropertiesSchema,
} from '@portal/contracts';
import { ingestObservations } from '../timeseries/index';
import { get, h, noRole, popupOf, staff, type Feature, useDemoDistrictApp } from './public-map-fixture';

useDemoDistrictApp();

/** 'MM/DD/YYYY, h:mm AM' on the district's clock, computed here with Intl, independently of the app. */
function districtClock(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: DEFAULT_DISTRICT_TIME_ZONE,
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('month')}/${part('day')}/${part('year')}, ${part('hour')}:${part('minute')} ${part('dayPeriod')}`;
}

describe('GET /api/public-map/united', () => {
  it('answers 401 without a token and 403 for a token without a role', async () => {
    expect((await get('/api/public-map/united')).statusCode).toBe(401);
    const res = await get('/api/public-map/united', noRole);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Forbidden');
  });

  it('gives staff every mapped location, lean, and each popup with exactly its properties', async () => {
    const res = await get('/api/public-map/united', staff);
    expect(res.statusCode).toBe(200);
    const features = res.json().data.features as Feature[];
    const mapped = await sql<{
      n: number;
    }>`select count(*)::int as n from location where not exclude_from_map and latitude is not null`.execute(h.t.db);
    expect(features.length).toBe(mapped.rows[0].n);
    for (const f of features) leanLocationFeaturePropertiesSchema.strict().parse(f.properties);

    // A known gauge: check every value against the tables, computed here independently.
    const loc = await h.t.db.selectFrom('location').selectAll().where('location_id', '=', 'SPR-GAGE-02').executeTakeFirstOrThrow();
    const f = features.find((x) => x.properties.location_id === 'SPR-GAGE-02')!;
    const latest = await sql<{ name: string; unit: string; v: number; ts: Date; vf: string | null }>`
      select p.parameter_name as name, u.unit_desc as unit, sl.last_value as v, sl.last_timestamp as ts, p.value_field as vf
      from series_latest sl join parameter p using (parameter_ndx)
      join location_parameter lp using (location_ndx, parameter_ndx) join unit u on u.unit_ndx = lp.unit_ndx
      where sl.location_ndx = ${loc.location_ndx} order by p.display_order, p.parameter_name`.execute(h.t.db);
    const lastTs = new Date(Math.max(...latest.rows.map((r) => r.ts.getTime())));
    const facilities = await sql<{ facility_ndx: number; facility_name: string; facility_type_desc: string }>`
      select f.facility_ndx, f.facility_name, ft.facility_type_desc from facility_location fl join facility f using (facility_ndx)
      join facility_type ft using (facility_type_ndx) where fl.location_ndx = ${loc.location_ndx} order by f.display_order, f.facility_name`.execute(
      h.t.db,
    );
    const names = await sql<{ lt: string; wb: string; county: string | null; cat: string | null }>`
      select lt.location_type_desc as lt, wb.waterbody_name as wb, c.county_name as county, m.map_symbol_category as cat
      from location l join location_type lt using (location_type_ndx) join waterbody wb using (waterbody_ndx)
      left join county c using (county_ndx) left join map_symbol_category m using (map_symbol_category_ndx)
      where l.location_ndx = ${loc.location_ndx}`.execute(h.t.db);
    const n = names.rows[0];
    expect(f.id).toBe(loc.location_ndx);
    expect(f.geometry).toEqual({ type: 'Point', coordinates: [loc.longitude, loc.latitude] });
    const statusNdx = (
      await sql<{ n: number }>`select reporting_status_ndx as n from reporting_status where reporting_status_desc = 'Reporting'`.execute(
        h.t.db,
      )
    ).rows[0].n;
    const lean = Object.fromEntries(
      Object.entries({
        location_name: loc.location_name,
        location_id: 'SPR-GAGE-02',
        location_display_label: loc.location_display_label,
        cuwcd_well_number: loc.cuwcd_well_number,
        locationtype: n.lt,
        location_type_ndx: loc.location_type_ndx,
        reporting_status_ndx: statusNdx,
        map_sym_fill_color: loc.map_sym_fill_color,
        map_sym_stroke_color: loc.map_sym_stroke_color,
        map_sym_stroke_width: loc.map_sym_stroke_width,
        map_sym_pixel_size: loc.map_sym_pixel_size,
        map_sym_shape: loc.map_sym_shape,
      }).filter(([, v]) => v !== null),
    );
    expect(f.properties).toEqual(lean);
    const popup = await popupOf(`/api/public-map/united/${loc.location_ndx}`, staff);
    unitedLocationFeaturePropertiesSchema.strict().parse(popup);
    expect(popup).toEqual({
      location_ndx: loc.location_ndx,
      location_name: loc.location_name,
      location_id: 'SPR-GAGE-02',
      location_display_label: loc.location_display_label,
      location_type_ndx: loc.location_type_ndx,
      locationtype: n.lt,
      waterbody_name: n.wb,
      huc12_name: loc.huc12_name,
      county_name: n.county,
      location_geometry: [loc.longitude, loc.latitude],
      latitude_dd: loc.latitude,
      longitude_dd: loc.longitude,
      reporting_status_ndx: statusNdx,
      reporting_status_desc: 'Reporting',
      is_well_owner: loc.is_well_owner,
      cuwcd_well_number: loc.cuwcd_well_number,
      map_sym_fill_color: loc.map_sym_fill_color,
      map_sym_stroke_color: loc.map_sym_stroke_color,
      map_sym_stroke_width: loc.map_sym_stroke_width,
      map_sym_pixel_size: loc.map_sym_pixel_size,
      map_sym_legend_pixel_size: loc.map_sym_legend_pixel_size,
      map_sym_shape: loc.map_sym_shape,
      map_symbol_category: n.cat,
      map_symbol_category_ndx: loc.map_symbol_category_ndx,
      last_report: districtClock(lastTs),
      most_recent_measurements: latest.rows.map((r) => `${r.name}: ${r.v.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${r.unit}`),
      has_flow_graph: latest.rows.some((r) => r.vf === 'flow_cfs'),
      has_stage_graph: latest.rows.some((r) => r.vf === 'stage_ft'),
      has_waterlevel_graph: latest.rows.some((r) => r.vf === 'level_ft'),
      facility_ndx: facilities.rows[0]?.facility_ndx ?? null,
      facility_names: facilities.rows.map((r) => r.facility_name),
      facility_types: [...new Set(facilities.rows.map((r) => r.facility_type_desc))].sort(),
    });
    expect(popup.has_flow_graph).toBe(true);
    expect((popup.most_recent_measurements as string[]).some((m) => /^Flow: [\d.]+ cfs$/.test(m))).toBe(true);
  });

  it('computes reporting status from data age, in agreement with the filter options', async () => {
    // Three extra sites: data 20 days old, data 3 days old, and no data with a manual status.
    const ref = await h.t.db.selectFrom('location').selectAll().where('location_id', '=', 'SPR-GAGE-02').executeTakeFirstOrThrow();
    const statuses = await h.t.db.selectFrom('reporting_status').selectAll().execute();
    const statusNdx = (desc: string) => statuses.find((s) => s.reporting_status_desc === desc)!.reporting_status_ndx;
    const { location_ndx: _n, location_id: _i, ...rest } = ref;
    const added = await h.t.db
      .insertInto('location')
      .values(['AGE-20D', 'AGE-3D', 'AGE-NONE'].map((id) => ({ ...rest, location_id: id, reporting_status_ndx: statusNdx('Reporting') })))
      .returning(['location_ndx', 'location_id'])
      .execute();
    const flow = await h.t.db
      .selectFrom('parameter')
      .select('parameter_ndx')
      .where('value_field', '=', 'flow_cfs')
      .executeTakeFirstOrThrow();
    const ndx = (id: string) => added.find((a) => a.location_id === id)!.location_ndx;
    await ingestObservations(h.t.db, [
      {
        locationNdx: ndx('AGE-20D'),
        parameterNdx: flow.parameter_ndx,
        collectTimestamp: new Date(Date.now() - 20 * 86_400_000),
        resultValue: 1,
      },
      {
        locationNdx: ndx('AGE-3D'),
        parameterNdx: flow.parameter_ndx,
        collectTimestamp: new Date(Date.now() - 3 * 86_400_000),
        resultValue: 2,
      },
    ]);

    const features = (await get('/api/public-map/united', staff)).json().data.features as Feature[];
    const filters = publicMapFiltersSchema.parse((await get('/api/public-map/filters')).json());
    const byValue = new Map(filters.reportingStatus.map((o) => [o.value, o.display]));
    for (const f of features) expect(byValue.has(f.properties.reporting_status_ndx as number)).toBe(true);
    const statusOf = (id: string) =>
      byValue.get(features.find((f) => f.properties.location_id === id)!.properties.reporting_status_ndx as number);
    expect(statusOf('AGE-20D')).toBe('Offline (over 14 days)');
    expect(statusOf('AGE-3D')).toBe('Not Reporting (1-14 days)');
    expect(statusOf('AGE-NONE')).toBe('Reporting');
    expect(statusOf('SPR-GAGE-02')).toBe('Reporting');
    // AGE-NONE has no series: no last report, no measurements, but its location_parameter rows are not copied either.
    const aged = await popupOf(`/api/public-map/united/${ndx('AGE-3D')}`, staff);
    expect(aged).toMatchObject({
      reporting_status_ndx: statusNdx('Not Reporting (1-14 days)'),
      reporting_status_desc: 'Not Reporting (1-14 days)',
    });
    const none = await popupOf(`/api/public-map/united/${ndx('AGE-NONE')}`, staff);
    expect(none).toMatchObject({ last_report: null, most_recent_measurements: [], has_flow_graph: false });
  });
});

describe('popup properties of one location', () => {
  it('answers a public location to anyone, without the facility fields, and a private one as not found', async () => {
    const pub = await sql<{ location_ndx: number }>`
      select location_ndx from location where is_public and not exclude_from_map and latitude is not null order by location_ndx limit 1`.execute(
      h.t.db,
    );
    const priv = await sql<{ location_ndx: number }>`
      select location_ndx from location where not is_public and not exclude_from_map and latitude is not null order by location_ndx limit 1`.execute(
      h.t.db,
    );
    const publicNdx = pub.rows[0].location_ndx;
    const privateNdx = priv.rows[0].location_ndx;
    const props = await popupOf(`/api/public-map/public-locations/${publicNdx}`);
    locationFeaturePropertiesSchema.strict().parse(props);
    expect(props.location_ndx).toBe(publicNdx);
    // The public feed's popup is the public map's, whoever asks: staff too get 404 for a private location there.
    for (const token of [undefined, staff]) {
      const res = await get(`/api/public-map/public-locations/${privateNdx}`, token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Not Found');
    }
    expect((await get('/api/public-map/public-locations/999999')).statusCode).toBe(404);
    expect((await get('/api/public-map/public-locations/abc')).statusCode).toBe(400);
    // The united popup: staff only, private locations included.
    expect((await get(`/api/public-map/united/${privateNdx}`)).statusCode).toBe(401);
    expect((await get(`/api/public-map/united/${privateNdx}`, noRole)).statusCode).toBe(403);
    const united = await popupOf(`/api/public-map/united/${privateNdx}`, staff);
    unitedLocationFeaturePropertiesSchema.strict().parse(united);
    expect(united.location_ndx).toBe(privateNdx);
  });

  it('writes measurements with thousands separators, as the facility page does', async () => {
    // A mapped location with a latest reading.
    const latest = await sql<{ location_ndx: number; parameter_ndx: number; name: string }>`
      select sl.location_ndx, sl.parameter_ndx, p.parameter_name as name
      from series_latest sl join parameter p using (parameter_ndx) join location l using (location_ndx)
      where not l.exclude_from_map and l.latitude is not null order by sl.location_ndx, p.display_order, p.parameter_name limit 1`.execute(
      h.t.db,
    );
    const { location_ndx: ndx, parameter_ndx, name } = latest.rows[0];
    for (const [value, shown] of [
      [1658.4, '1,658.4'],
      [1234567.891, '1,234,567.89'],
      [-2500, '-2,500'],
      [12, '12'],
    ] as const) {
      await sql`update series_latest set last_value = ${value} where location_ndx = ${ndx} and parameter_ndx = ${parameter_ndx}`.execute(
        h.t.db,
      );
      const popup = await popupOf(`/api/public-map/united/${ndx}`, staff);
      expect((popup.most_recent_measurements as string[]).find((m) => m.startsWith(`${name}: `))).toMatch(
        new RegExp(`^${name}: ${shown.replace('.', '\\.')}( |$)`),
      );
    }
  });
});
