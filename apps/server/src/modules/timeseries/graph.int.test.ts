import { describe, expect, it } from 'vitest';
import { graphResponseSchema, graphResponseSchemaFor } from '@portal/contracts';
import { datasrc, flow, h, loc, param, post, useGraphDistrict } from './graph-fixture';
import { ingestObservations, type ObservationInput } from './ingest';

useGraphDistrict();

/** A new public location 'Gage <id>' of the district's public location's type and waterbody; its location_ndx. */
async function publicGage(locationId: string): Promise<number> {
  const pub = await h.t.db.selectFrom('location').selectAll().where('location_ndx', '=', loc.pub).executeTakeFirstOrThrow();
  const { location_ndx } = await h.t.db
    .insertInto('location')
    .values({
      location_id: locationId,
      location_display_label: locationId,
      location_name: `Gage ${locationId}`,
      location_type_ndx: pub.location_type_ndx,
      waterbody_ndx: pub.waterbody_ndx,
      is_public: true,
    })
    .returning('location_ndx')
    .executeTakeFirstOrThrow();
  return location_ndx;
}

describe('POST /api/graph-flow-data15-min/{id}, 15-minute data', () => {
  it('returns exactly the rows of the local days asked for, in the spec row shape', async () => {
    const res = await flow(loc.pub, { startDate: '03/07/2026', endDate: '03/07/2026', interval: '15min' });
    expect(res.statusCode).toBe(200);
    const body = graphResponseSchemaFor('flow').strict().parse(res.json());
    expect(body.rows).toHaveLength(96);
    expect(res.json().rows[0]).toStrictEqual({
      collect_timestamp: '2026-03-07T07:00:00.000Z',
      units: 'cfs',
      source: 'Logger File Import',
      location_name: 'Gage SP-1',
      location_id: 'SP-1',
      qualifiers: 'A',
      flow_cfs: 0,
    });
    expect(body.rows.at(-1)).toMatchObject({ collect_timestamp: '2026-03-08T06:45:00.000Z', flow_cfs: 95, qualifiers: 'P' });
    expect(body.rows[90].qualifiers).toBe('P,e');
    // The provisional stretch of the day, for the chart's marking (from every row, not the drawn ones).
    expect(body.chart.provisional).toEqual([[Date.parse('2026-03-08T05:00:00Z'), Date.parse('2026-03-08T06:45:00Z')]]);
    expect(body).toMatchObject({
      location: { location_ndx: loc.pub, location_id: 'SP-1', location_name: 'Gage SP-1' },
      interval: '15min',
      value_field: 'flow_cfs',
      units: 'cfs',
      startDate: '2026-03-07',
      endDate: '2026-03-07',
      chart: { downsampled: false, total: 96 },
    });
    expect(body.chart.points).toHaveLength(96);
    expect(body.chart.points[1]).toEqual([Date.parse('2026-03-07T07:15:00Z'), 1]);
  });

  it('a spring-forward local day has 92 rows and a fall-back day 100 (ISO dates accepted too)', async () => {
    const spring = graphResponseSchema.parse(
      (await flow(loc.pub, { startDate: '2026-03-08', endDate: '2026-03-08', interval: '15min' })).json(),
    );
    expect(spring.rows).toHaveLength(92);
    expect(spring.rows[0].collect_timestamp).toBe('2026-03-08T07:00:00.000Z');
    expect(spring.rows.at(-1)!.collect_timestamp).toBe('2026-03-09T05:45:00.000Z');
    const fall = graphResponseSchema.parse(
      (await flow(loc.pub, { startDate: '11/01/2026', endDate: '11/01/2026', interval: '15min' })).json(),
    );
    expect(fall.rows).toHaveLength(100);
  });

  it('an empty range answers 200 with no rows (the panel shows No Data Available)', async () => {
    const res = await flow(loc.pub, { startDate: '01/01/2025', endDate: '01/31/2025', interval: '15min' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows: [], chart: { points: [], downsampled: false, total: 0 }, units: 'cfs' });
  });

  it('rows carry values, sources and qualifiers exactly as stored (blanks, semicolons, quotes, non-ASCII, tiny and huge values)', async () => {
    const id = await publicGage('QQ-1');
    const at = (iso: string, resultValue: number, qualifiers: string | null, datasrcNdx: number | null): ObservationInput => ({
      locationNdx: id,
      parameterNdx: param.flow,
      collectTimestamp: new Date(iso),
      resultValue,
      qualifiers,
      datasrcNdx,
    });
    await ingestObservations(h.t.db, [
      at('2026-06-01T07:00:00Z', -1e-7, 'P, Ice;x', datasrc),
      at('2026-06-01T07:15:00Z', 1.5e21, null, null),
      at('2026-06-01T07:30:00.123Z', 0.1 + 0.2, 'Eqp "x" é\\', datasrc),
    ]);
    const res = await flow(id, { startDate: '06/01/2026', endDate: '06/01/2026', interval: '15min' });
    expect(res.statusCode).toBe(200);
    const row = { units: 'cfs', location_name: 'Gage QQ-1', location_id: 'QQ-1' };
    expect(res.json().rows).toStrictEqual([
      { collect_timestamp: '2026-06-01T07:00:00.000Z', ...row, source: 'Logger File Import', qualifiers: 'P, Ice;x', flow_cfs: -1e-7 },
      { collect_timestamp: '2026-06-01T07:15:00.000Z', ...row, source: null, qualifiers: null, flow_cfs: 1.5e21 },
      {
        collect_timestamp: '2026-06-01T07:30:00.123Z',
        ...row,
        source: 'Logger File Import',
        qualifiers: 'Eqp "x" é\\',
        flow_cfs: 0.1 + 0.2,
      },
    ]);
    expect(res.json().chart.provisional).toEqual([[Date.parse('2026-06-01T07:00:00Z'), Date.parse('2026-06-01T07:00:00Z')]]);
    // The chart alone marks the same provisional stretch (it reads the qualifiers but no data source).
    const chartOnly = await flow(id, { startDate: '06/01/2026', endDate: '06/01/2026', interval: '15min', chartOnly: true });
    expect(chartOnly.json().rows).toEqual([]);
    expect(chartOnly.json().chart).toStrictEqual(res.json().chart);
    const daily = await flow(id, { startDate: '06/01/2026', endDate: '06/01/2026', interval: 'daily' });
    expect(daily.json().rows).toHaveLength(1);
    expect(daily.json().rows[0]).toMatchObject({ collect_timestamp: '2026-06-01T06:00:00.000Z', qualifiers: 'Eqp "x" é\\' });
  });

  it('a long range gives every row once and in order, with its provisional stretch whole, also to the chart read in two parts', async () => {
    const id = await publicGage('LR-1');
    // The range's first and last readings, and readings a millisecond apart in the middle of it:
    // the chart alone reads 06/01 to 07/31 in two parts at once, split at 2026-07-01T12:00:00Z
    // (the middle of the range's UTC days); the full answer reads it in one statement.
    const instants = [
      '2026-06-01T06:00:00.000Z',
      '2026-07-01T11:45:00.000Z',
      '2026-07-01T11:59:59.999Z',
      '2026-07-01T12:00:00.000Z',
      '2026-07-01T12:15:00.000Z',
      '2026-08-01T05:45:00.000Z',
    ];
    await ingestObservations(
      h.t.db,
      instants.map((iso, i) => ({
        locationNdx: id,
        parameterNdx: param.flow,
        collectTimestamp: new Date(iso),
        resultValue: i + 0.5,
        qualifiers: i >= 1 && i <= 3 ? 'P' : 'A',
        datasrcNdx: i === 4 ? null : datasrc,
      })),
    );
    const res = await flow(id, { startDate: '06/01/2026', endDate: '07/31/2026', interval: '15min' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows.map((r: { collect_timestamp: string }) => r.collect_timestamp)).toEqual(instants);
    expect(
      body.rows.map((r: { flow_cfs: number; qualifiers: string; source: string | null }) => [r.flow_cfs, r.qualifiers, r.source]),
    ).toEqual(instants.map((_, i) => [i + 0.5, i >= 1 && i <= 3 ? 'P' : 'A', i === 4 ? null : 'Logger File Import']));
    expect(body.chart.points).toEqual(instants.map((iso, i) => [Date.parse(iso), i + 0.5]));
    // One provisional stretch over the three provisional rows.
    expect(body.chart.provisional).toEqual([[Date.parse(instants[1]), Date.parse(instants[3])]]);
    // The chart read in two parts: every point once, in order, the provisional stretch across the split whole.
    const chartOnly = await flow(id, { startDate: '06/01/2026', endDate: '07/31/2026', interval: '15min', chartOnly: true });
    expect(chartOnly.json().chart).toStrictEqual(body.chart);
  });
});

describe('daily interval', () => {
  it('reads observation_daily: one mean per local day, stamped at local midnight across DST', async () => {
    const res = await flow(loc.pub, { startDate: '03/07/2026', endDate: '03/09/2026', interval: 'daily' });
    const body = graphResponseSchema.parse(res.json());
    expect(body.rows.map((r) => [r.collect_timestamp, r.flow_cfs])).toEqual([
      ['2026-03-07T07:00:00.000Z', 47.5], // 0..95
      ['2026-03-08T07:00:00.000Z', (96 + 187) / 2], // 92 readings on the short day
      ['2026-03-09T06:00:00.000Z', (188 + 283) / 2],
    ]);
    expect(body.rows[0]).toMatchObject({ units: 'cfs', source: 'Logger File Import', location_id: 'SP-1' });
  });

  it("rounds daily means to the parameter's decimals in the rows (table, CSV) and the chart", async () => {
    await h.t.db.updateTable('parameter').set({ decimals: 0 }).where('parameter_ndx', '=', param.flow).execute();
    try {
      const res = await flow(loc.pub, { startDate: '03/07/2026', endDate: '03/09/2026', interval: 'daily' });
      const body = graphResponseSchema.parse(res.json());
      // Means 47.5, 141.5 and 235.5 at 0 decimals (PostgreSQL numeric rounds half away from zero).
      expect(body.rows.map((r) => r.flow_cfs)).toEqual([48, 142, 236]);
      expect(body.chart.points.map((p) => p[1])).toEqual([48, 142, 236]);
      // 15-minute readings are the stored values, untouched.
      const raw = graphResponseSchema.parse(
        (await flow(loc.pub, { startDate: '11/01/2026', endDate: '11/01/2026', interval: '15min' })).json(),
      );
      expect(raw.rows[0].flow_cfs).toBe(3.5);
    } finally {
      await h.t.db.updateTable('parameter').set({ decimals: 2 }).where('parameter_ndx', '=', param.flow).execute();
    }
  });
});

describe('chart downsampling', () => {
  it('thins the chart series with LTTB (first, last and the spike kept) while rows keep everything', async () => {
    const res = await post(`graph-stage-data15-min/${loc.pub}`, {
      startDate: '05/01/2026',
      endDate: '05/10/2026',
      interval: '15min',
      maxPoints: 100,
    });
    const body = graphResponseSchemaFor('stage').parse(res.json());
    expect(body.rows).toHaveLength(960);
    expect(body.rows[0]).toHaveProperty('stage_ft');
    expect(body.rows[0]).not.toHaveProperty('flow_cfs');
    expect(body.chart).toMatchObject({ downsampled: true, total: 960 });
    expect(body.chart.points).toHaveLength(100);
    expect(body.chart.points[0]).toEqual([Date.parse('2026-05-01T06:00:00Z'), 1]);
    expect(body.chart.points.at(-1)![0]).toBe(Date.parse('2026-05-11T05:45:00Z'));
    expect(body.chart.points.map((p) => p[1])).toContain(99);
  });

  it('chartOnly leaves the rows out; the default cap is 2,000 points', async () => {
    const res = await post(`graph-stage-data15-min/${loc.pub}`, {
      startDate: '05/01/2026',
      endDate: '05/10/2026',
      interval: '15min',
      chartOnly: true,
    });
    const body = graphResponseSchema.parse(res.json());
    expect(body.rows).toEqual([]);
    expect(body.chart).toMatchObject({ downsampled: false, total: 960 });
  });
});

describe('water level and missing series', () => {
  it('POST /api/graph-waterlevel-data15-min/{id} answers level_ft rows from the level_ft parameter only', async () => {
    const res = await post(`graph-waterlevel-data15-min/${loc.well}`, {
      startDate: '05/01/2026',
      endDate: '05/01/2026',
      interval: '15min',
    });
    const body = graphResponseSchemaFor('waterlevel').strict().parse(res.json());
    expect(body.rows).toHaveLength(96);
    expect(body.rows[4]).toMatchObject({ level_ft: 121, units: 'ft', location_id: 'TW-11' });
  });

  it('a location without such a series answers an empty graph', async () => {
    const res = await flow(loc.well, { startDate: '05/01/2026', endDate: '05/01/2026', interval: 'daily' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows: [], units: null, value_field: 'flow_cfs' });
  });
});
