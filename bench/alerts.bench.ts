import { sql } from 'kysely';
import { evaluateAlerts } from '../apps/server/src/modules/alerts/engine/evaluate';
import { ingestObservations, type ObservationInput } from '../apps/server/src/modules/timeseries/ingest';
import { benchDatabase, report, timed } from './lib';
import { recordFigure } from './results';

/**
 * The alert engine's evaluation of `alerts` enabled requests (one per series, each sending to a
 * group of 3) right after an ingest that gave every series a new reading; half of them fire.
 * Baseline in the same run: one plain read of every request joined to its series' newest
 * reading, the least any evaluation has to do.
 */
export async function benchAlerts(alerts = Number(process.env.BENCH_ALERTS ?? 10_000)): Promise<void> {
  const db = await benchDatabase();
  try {
    const PARAMETERS = 10;
    const locations = Math.ceil(alerts / PARAMETERS);
    await sql`
      insert into location_type (location_type_ndx, location_type_desc) values (1, 'Bench');
      insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'Bench');
      insert into unit (unit_ndx, unit_desc) values (1, 'cfs');
      insert into parameter (parameter_ndx, parameter_name, unit_ndx) select g, 'Parameter ' || g, 1 from generate_series(1, ${sql.lit(PARAMETERS)}) g;
      insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, display_order)
        select g, 'B-' || g, 'B' || g, 'Bench ' || g, 1, 1, g from generate_series(1, ${sql.lit(locations)}) g;
      insert into contact (contact_ndx, contact_address, contact_name, contact_org) select g, 'bench' || g || '@example.org', 'Bench ' || g, 'Bench' from generate_series(1, 3) g;
      insert into contact_group (group_ndx, group_desc) values (1, 'Bench group');
      insert into contact_group_member (group_ndx, contact_ndx) select 1, g from generate_series(1, 3) g;
      insert into alert_request (alert_request_ndx, alert_type_ndx, location_ndx, parameter_ndx, trigger_value, reset_hours)
        select g, 1, (g - 1) / ${sql.lit(PARAMETERS)} + 1, (g - 1) % ${sql.lit(PARAMETERS)} + 1, 100, 24 from generate_series(1, ${sql.lit(alerts)}) g;
      insert into alert_request_recipient (alert_request_ndx, group_ndx) select g, 1 from generate_series(1, ${sql.lit(alerts)}) g;
      analyze;
    `.execute(db.db);

    // One earlier reading below every trigger, then the ingest under test: half the series rise above.
    const at = (minutes: number) => new Date(Date.UTC(2026, 6, 1, 12) + minutes * 60_000);
    const rows = (minutes: number, value: (i: number) => number): ObservationInput[] =>
      Array.from({ length: alerts }, (_, i) => ({
        locationNdx: Math.floor(i / PARAMETERS) + 1,
        parameterNdx: (i % PARAMETERS) + 1,
        collectTimestamp: at(minutes),
        resultValue: value(i),
      }));
    await ingestObservations(
      db.db,
      rows(0, () => 50),
    );
    await evaluateAlerts(db.db, { delivery: 'outbox', publicUrl: 'http://bench.local', now: at(1) });
    const ingest = await timed(() =>
      ingestObservations(
        db.db,
        rows(15, (i) => (i % 2 === 0 ? 150 : 60)),
      ),
    );

    const baseline = await timed(() =>
      sql`select ar.alert_request_ndx, ar.trigger_value, sl.last_value from alert_request ar
            left join series_latest sl on sl.location_ndx = ar.location_ndx and sl.parameter_ndx = ar.parameter_ndx where ar.enabled`.execute(
        db.db,
      ),
    );
    const evaluate = await timed(() => evaluateAlerts(db.db, { delivery: 'outbox', publicUrl: 'http://bench.local', now: at(16) }));
    const quiet = await timed(() => evaluateAlerts(db.db, { delivery: 'outbox', publicUrl: 'http://bench.local', now: at(17) }));
    report(`alerts: ${alerts.toLocaleString('en-US')} enabled requests after an ingest touching all their series`, [
      ['ingest of one new reading per series', `${ingest.ms.toFixed(0)} ms`],
      ['read requests + newest readings (baseline)', `${baseline.ms.toFixed(0)} ms  (${baseline.value.rows.length} rows)`],
      [
        'evaluateAlerts (target < 1 s)',
        `${evaluate.ms.toFixed(0)} ms  (${evaluate.value.fired} fired, ${evaluate.value.messages} messages)`,
      ],
      ['ratio evaluate / baseline', (evaluate.ms / baseline.ms).toFixed(1)],
      ['evaluateAlerts again (all inside reset window)', `${quiet.ms.toFixed(0)} ms  (${quiet.value.fired} fired)`],
    ]);
    const n = `${alerts.toLocaleString('en-US')} enabled requests`;
    recordFigure({ bench: 'alerts', what: `Ingest of one new reading per series, ${n}`, value: `${ingest.ms.toFixed(0)} ms` });
    recordFigure({
      bench: 'alerts',
      what: `evaluateAlerts after an ingest touching every series, ${n}`,
      value: `${evaluate.ms.toFixed(0)} ms (${evaluate.value.fired} fired, ${evaluate.value.messages} messages)`,
      baseline: `read of requests + newest readings: ${baseline.ms.toFixed(0)} ms`,
      ratio: evaluate.ms / baseline.ms,
      target: '< 1 s',
      met: evaluate.ms < 1000,
    });
    recordFigure({
      bench: 'alerts',
      what: `evaluateAlerts again, all inside the reset window, ${n}`,
      value: `${quiet.ms.toFixed(0)} ms (${quiet.value.fired} fired)`,
    });
  } finally {
    await db.stop();
  }
}
