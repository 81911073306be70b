import { sql } from 'kysely';
import type { DataReviewAction } from '@portal/contracts';
import type { Db } from '../../db/client';
import type { BasePoint, EditStep, PublishedPoint } from './data-review-apply';
import { qualifierText } from './data-review-apply';

// The SQL of data review: the raw record, the list of changes and the published rows they give.

export interface SeriesKey {
  locationNdx: number;
  parameterNdx: number;
}

/**
 * Copies the published values of a range into the raw record before its first change: a value
 * already there is kept (on conflict do nothing), so the raw record always holds what arrived.
 */
export async function copyRangeToRaw(trx: Db, s: SeriesKey, start: Date, end: Date): Promise<void> {
  await sql`
    insert into observation_raw (location_ndx, parameter_ndx, collect_timestamp, result_value, qualifiers, datasrc_ndx, import_ndx, arrived_at)
    select o.location_ndx, o.parameter_ndx, o.collect_timestamp, o.result_value, o.qualifiers, o.datasrc_ndx, o.import_ndx,
           coalesce(o.updated_at, o.inserted_at)
    from observation o
    where o.location_ndx = ${s.locationNdx} and o.parameter_ndx = ${s.parameterNdx}
      and o.collect_timestamp between ${start} and ${end}
    on conflict do nothing`.execute(trx);
}

export interface StoredPoint extends BasePoint {
  /** The published value and qualifiers; null value where observation holds no row. */
  value: number | null;
  qualifiers: string | null;
}

/** Every instant of a range with its raw value (the raw record's, else the published one) and its published value. */
export async function loadPoints(db: Db, s: SeriesKey, start: Date, end: Date): Promise<StoredPoint[]> {
  const { rows } = await sql<{ ms: number; raw: number; raw_q: string | null; value: number | null; q: string | null }>`
    select (extract(epoch from coalesce(r.collect_timestamp, o.collect_timestamp)) * 1000)::float8 as ms,
           coalesce(r.result_value, o.result_value) as raw,
           case when r.collect_timestamp is null then o.qualifiers else r.qualifiers end as raw_q,
           o.result_value as value, o.qualifiers as q
    from (select * from observation_raw
          where location_ndx = ${s.locationNdx} and parameter_ndx = ${s.parameterNdx}
            and collect_timestamp between ${start} and ${end}) r
    full join (select * from observation
          where location_ndx = ${s.locationNdx} and parameter_ndx = ${s.parameterNdx}
            and collect_timestamp between ${start} and ${end}) o
      on o.collect_timestamp = r.collect_timestamp
    order by 1`.execute(db);
  return rows.map((r) => ({ ms: r.ms, raw: r.raw, rawQualifiers: r.raw_q, value: r.value, qualifiers: r.q }));
}

interface EditRow {
  edit_id: number;
  action: DataReviewAction;
  start_ts: Date;
  end_ts: Date;
  value: number | null;
  end_value: number | null;
  qualifier: string | null;
}

const toStep = (r: EditRow): EditStep => ({
  editId: r.edit_id,
  action: r.action,
  startMs: r.start_ts.getTime(),
  endMs: r.end_ts.getTime(),
  value: r.value,
  endValue: r.end_value,
  qualifier: r.qualifier,
});

/**
 * The series' changes in force, in order of saving: those not undone, or (with `asOf`) those saved
 * by then and not undone by then.
 */
export async function activeSteps(db: Db, s: SeriesKey, asOf?: Date): Promise<EditStep[]> {
  const rows = asOf
    ? await sql<EditRow>`
        select edit_id, action, start_ts, end_ts, value, end_value, qualifier from series_edit
        where location_ndx = ${s.locationNdx} and parameter_ndx = ${s.parameterNdx}
          and date_trunc('milliseconds', at) <= ${asOf}
          and (undone_at is null or date_trunc('milliseconds', undone_at) > ${asOf})
        order by edit_id`.execute(db)
    : await sql<EditRow>`
        select edit_id, action, start_ts, end_ts, value, end_value, qualifier from series_edit
        where location_ndx = ${s.locationNdx} and parameter_ndx = ${s.parameterNdx} and undone_at is null
        order by edit_id`.execute(db);
  return rows.rows.map(toStep);
}

/** The series of many (location, parameter) pairs that have changes in force (imports ask before writing). */
export async function seriesWithActiveEdits(db: Db, series: readonly SeriesKey[]): Promise<Set<string>> {
  if (series.length === 0) return new Set();
  const { rows } = await sql<{ key: string }>`
    select distinct e.location_ndx || ':' || e.parameter_ndx as key
    from series_edit e
    join unnest(${series.map((s) => s.locationNdx)}::int[], ${series.map((s) => s.parameterNdx)}::int[]) as k(l, p)
      on e.location_ndx = k.l and e.parameter_ndx = k.p
    where e.undone_at is null`.execute(db);
  return new Set(rows.map((r) => r.key));
}

/**
 * Makes observation hold exactly the published points of a range: rows of deleted points go,
 * changed values and qualifiers are rewritten (updated_at moves), points a change gave a value
 * again come back. Returns how many rows it inserted, changed or deleted.
 */
export async function writePublished(trx: Db, s: SeriesKey, start: Date, end: Date, points: readonly PublishedPoint[]): Promise<number> {
  const kept = points.filter((p) => p.value !== null);
  const times = kept.map((p) => new Date(p.ms).toISOString());
  const values = kept.map((p) => p.value);
  const quals = kept.map((p) => qualifierText(p.qualifiers));
  const { rows } = await sql<{ n: number }>`
    with pub as (
      select t::timestamptz as ts, v::float8 as v, q::text as q
      from unnest(${times}::text[], ${values}::float8[], ${quals}::text[]) as u(t, v, q)
    ),
    gone as (
      delete from observation o
      where o.location_ndx = ${s.locationNdx} and o.parameter_ndx = ${s.parameterNdx}
        and o.collect_timestamp between ${start} and ${end}
        and not exists (select 1 from pub where pub.ts = o.collect_timestamp)
      returning 1
    ),
    changed as (
      update observation o set result_value = pub.v, qualifiers = pub.q, updated_at = now()
      from pub
      where o.location_ndx = ${s.locationNdx} and o.parameter_ndx = ${s.parameterNdx} and o.collect_timestamp = pub.ts
        and (o.result_value is distinct from pub.v or o.qualifiers is distinct from pub.q)
      returning 1
    ),
    back as (
      insert into observation (location_ndx, parameter_ndx, collect_timestamp, result_value, datasrc_ndx, import_ndx, qualifiers, updated_at)
      select ${s.locationNdx}, ${s.parameterNdx}, pub.ts, pub.v, r.datasrc_ndx, r.import_ndx, pub.q, now()
      from pub
      left join observation_raw r
        on r.location_ndx = ${s.locationNdx} and r.parameter_ndx = ${s.parameterNdx} and r.collect_timestamp = pub.ts
      where not exists (
        select 1 from observation o
        where o.location_ndx = ${s.locationNdx} and o.parameter_ndx = ${s.parameterNdx} and o.collect_timestamp = pub.ts)
      returning 1
    )
    select ((select count(*) from gone) + (select count(*) from changed) + (select count(*) from back))::int as n`.execute(trx);
  return rows[0].n;
}

export interface NewEdit {
  action: DataReviewAction;
  start: Date;
  end: Date;
  value: number | null;
  endValue: number | null;
  qualifier: string | null;
  comment: string;
  userSub: string | null;
  userName: string;
}

export async function insertEdit(trx: Db, s: SeriesKey, e: NewEdit): Promise<number> {
  const row = await trx
    .insertInto('series_edit')
    .values({
      location_ndx: s.locationNdx,
      parameter_ndx: s.parameterNdx,
      action: e.action,
      start_ts: e.start,
      end_ts: e.end,
      value: e.value,
      end_value: e.endValue,
      qualifier: e.qualifier,
      comment: e.comment,
      user_sub: e.userSub,
      user_name: e.userName,
    })
    .returning('edit_id')
    .executeTakeFirstOrThrow();
  return row.edit_id;
}

export async function setAffected(trx: Db, editId: number, affected: number): Promise<void> {
  await trx.updateTable('series_edit').set({ affected }).where('edit_id', '=', editId).execute();
}

export interface EditRecord {
  edit_id: number;
  location_ndx: number;
  parameter_ndx: number;
  action: DataReviewAction;
  start_ts: Date;
  end_ts: Date;
  value: number | null;
  end_value: number | null;
  qualifier: string | null;
  comment: string;
  user_name: string;
  at: Date;
  undone_at: Date | null;
  undone_by: string | null;
  affected: number;
}

/** One change, locked for update (undo), or undefined. */
export async function findEditForUpdate(trx: Db, editId: number): Promise<EditRecord | undefined> {
  const { rows } = await sql<EditRecord>`select * from series_edit where edit_id = ${editId} for update`.execute(trx);
  return rows[0];
}

export async function markUndone(trx: Db, editId: number, by: string): Promise<void> {
  await trx.updateTable('series_edit').set({ undone_at: new Date(), undone_by: by }).where('edit_id', '=', editId).execute();
}

/** The series' changes, newest first (at most `limit`). */
export async function listEdits(db: Db, s: SeriesKey, limit: number): Promise<EditRecord[]> {
  const { rows } = await sql<EditRecord>`
    select * from series_edit
    where location_ndx = ${s.locationNdx} and parameter_ndx = ${s.parameterNdx}
    order by edit_id desc limit ${limit}`.execute(db);
  return rows;
}

/** A value an import brought, kept in the raw record as it arrived (a newer arrival replaces an older one). */
export interface ArrivedValue {
  ms: number;
  value: number;
  qualifiers: string | null;
  datasrcNdx: number | null;
  importNdx: number | null;
}

export async function upsertRaw(trx: Db, s: SeriesKey, values: readonly ArrivedValue[]): Promise<void> {
  if (values.length === 0) return;
  await sql`
    insert into observation_raw as r (location_ndx, parameter_ndx, collect_timestamp, result_value, qualifiers, datasrc_ndx, import_ndx)
    select ${s.locationNdx}, ${s.parameterNdx}, t::timestamptz, v, q, d, i
    from unnest(${values.map((v) => new Date(v.ms).toISOString())}::text[], ${values.map((v) => v.value)}::float8[],
                ${values.map((v) => v.qualifiers)}::text[], ${values.map((v) => v.datasrcNdx)}::int[],
                ${values.map((v) => v.importNdx)}::int[]) as u(t, v, q, d, i)
    on conflict (location_ndx, parameter_ndx, collect_timestamp) do update
      set result_value = excluded.result_value, qualifiers = excluded.qualifiers, datasrc_ndx = excluded.datasrc_ndx,
          import_ndx = excluded.import_ndx, arrived_at = now()
      where r.result_value is distinct from excluded.result_value or r.qualifiers is distinct from excluded.qualifiers`.execute(trx);
}
