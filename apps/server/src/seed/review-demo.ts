import type { Db } from '../db/client';
import { flagChecks, saveEdit } from '../modules/data-review/index';
import { ingestObservations } from '../modules/timeseries/index';
import type { DistrictKeys } from './write-district';

const DAY = 86_400_000;
/** Added to one reading of the demo gauge: a jump no river makes in 15 minutes. */
const SPIKE_CFS = 1_500;
/** Readings repeated to make a stuck sensor: more than the flow check's 12. */
const FLAT_READINGS = 16;

/**
 * Something for the Data Review page to show: on the first gauge's flow, a spike and a stuck
 * sensor in the last days before the anchor, flagged by the automatic checks as an import
 * would flag them, and one calendar year of its daily history approved by a reviewer.
 */
export async function writeReviewDemo(db: Db, keys: DistrictKeys, anchor: Date, datasrcNdx: number | null): Promise<void> {
  const flow = keys.series.find((s) => s.parameter === 'flow');
  if (!flow) return;
  const series = { locationNdx: flow.locationNdx, parameterNdx: flow.parameterNdx };
  const from = new Date(anchor.getTime() - 6 * DAY);
  const rows = await db
    .selectFrom('observation')
    .select(['collect_timestamp', 'result_value'])
    .where('location_ndx', '=', series.locationNdx)
    .where('parameter_ndx', '=', series.parameterNdx)
    .where('collect_timestamp', '>=', from)
    .orderBy('collect_timestamp')
    .execute();
  if (rows.length < 4 * FLAT_READINGS) return;
  // Two days and five days before the anchor when the window holds them (a small test seed may not).
  const spike = Math.max(rows.length - 2 * 96, Math.floor((rows.length * 2) / 3));
  const flat = Math.max(rows.length - 5 * 96, Math.floor(rows.length / 4));
  const changed = [
    { at: rows[spike].collect_timestamp, value: rows[spike].result_value + SPIKE_CFS },
    ...rows.slice(flat + 1, flat + FLAT_READINGS).map((r) => ({ at: r.collect_timestamp, value: rows[flat].result_value })),
  ];
  await db.transaction().execute(async (trx) => {
    await ingestObservations(
      trx,
      changed.map((c) => ({ ...series, collectTimestamp: c.at, resultValue: c.value, datasrcNdx })),
    );
    await flagChecks(trx, series, from, anchor);
    const year = anchor.getUTCFullYear() - 2;
    await saveEdit(trx, series, {
      action: 'approve',
      // The district's calendar year (Mountain Standard Time in January).
      start: new Date(`${year}-01-01T07:00:00Z`),
      end: new Date(`${year + 1}-01-01T06:59:59Z`),
      value: null,
      endValue: null,
      qualifier: null,
      comment: `Water year reviewed against the field measurements; ${year} approved.`,
      userSub: null,
      userName: 'Demo reviewer',
    });
  });
}
