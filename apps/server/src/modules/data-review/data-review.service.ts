import {
  DATA_REVIEW_UNAPPROVE_ROLES,
  type DataReviewEdit,
  type DataReviewEditBody,
  type DataReviewEditsResponse,
  type DataReviewRow,
  type DataReviewSeriesQuery,
  type DataReviewSeriesResponse,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { recordAudit } from '../../audit/audit.repository';
import { callerOf } from '../../access/access-policy';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { AuthUser } from '../../tokens/token-verifier';
import { rewriteSeriesSpan } from '../timeseries/index';
import { APPROVED_QUALIFIER, applyEdits, qualifierList } from './data-review-apply';
import { rebuildRange } from './data-review-rebuild';
import { assertNotApproved, saveEdit } from './data-review-save';
import { findReadableSeries, type SeriesMeta } from './series-access.repository';
import {
  activeSteps,
  findEditForUpdate,
  listEdits,
  loadPoints,
  markUndone,
  type EditRecord,
  type SeriesKey,
} from './data-review.repository';

/** The list of changes shows at most this many, newest first. */
const MAX_EDITS_LISTED = 500;

const seriesNotFound = (s: SeriesKey) => notFound(`No series of location ${s.locationNdx} and parameter ${s.parameterNdx} was found`);

async function readableSeries(db: Db, user: AuthUser | null, s: SeriesKey): Promise<SeriesMeta> {
  const meta = await findReadableSeries(db, callerOf(user), s);
  if (!meta) throw seriesNotFound(s);
  return meta;
}

const iso = (ms: number) => new Date(ms).toISOString();
const statusOf = (qualifiers: readonly string[]) => (qualifiers.includes(APPROVED_QUALIFIER) ? 'Approved' : 'Provisional');

/** The rows of a range, raw and published; with `asOf`, the published values as the changes in force then made them. */
export async function readSeries(db: Db, user: AuthUser | null, s: SeriesKey, q: DataReviewSeriesQuery): Promise<DataReviewSeriesResponse> {
  const meta = await readableSeries(db, user, s);
  const start = new Date(q.start);
  const end = new Date(q.end);
  const points = await loadPoints(db, s, start, end);
  let rows: DataReviewRow[];
  if (q.asOf) {
    const steps = await activeSteps(db, s, new Date(q.asOf));
    rows = applyEdits(points, steps).map((p) => ({
      time: iso(p.ms),
      raw: p.raw,
      value: p.value,
      approval_status: statusOf(p.qualifiers),
      qualifiers: p.qualifiers,
    }));
  } else {
    rows = points.map((p) => {
      const qualifiers = qualifierList(p.value === null ? p.rawQualifiers : p.qualifiers);
      return { time: iso(p.ms), raw: p.raw, value: p.value, approval_status: statusOf(qualifiers), qualifiers };
    });
  }
  return { location_ndx: s.locationNdx, parameter_ndx: s.parameterNdx, unit: meta.unit, decimals: meta.decimals, rows };
}

const userName = (user: AuthUser) => user.email ?? user.sub;

/** One change from the API: saved, published and audited before the answer. */
export async function createEdit(db: Db, user: AuthUser, s: SeriesKey, body: DataReviewEditBody): Promise<{ editId: number }> {
  await readableSeries(db, user, s);
  if (body.action === 'unapprove' && !mayUnapprove(user)) throw forbidden('Only an Administrator may unapprove a period.');
  return db.transaction().execute(async (trx) => {
    const { editId, affected } = await saveEdit(trx, s, {
      action: body.action,
      start: new Date(body.start),
      end: new Date(body.end),
      value: body.value ?? null,
      endValue: body.endValue ?? null,
      qualifier: body.qualifier ?? null,
      comment: body.comment,
      userSub: user.sub,
      userName: userName(user),
    });
    await recordAudit(trx, { actor: user, action: 'insert', table: 'series_edit', rowKey: editId, after: { ...s, ...body, affected } });
    return { editId };
  });
}

const mayUnapprove = (user: AuthUser) => user.roles.some((r) => (DATA_REVIEW_UNAPPROVE_ROLES as readonly string[]).includes(r));

/** Undoes one change: it stays in the list as undone and the range is rebuilt without it. Audited. */
export async function undoEdit(db: Db, user: AuthUser, editId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const edit = await findEditForUpdate(trx, editId);
    if (!edit) throw notFound(`Change ${editId} was not found`);
    if (edit.undone_at) throw conflict(`Change ${editId} was already undone.`);
    const s = { locationNdx: edit.location_ndx, parameterNdx: edit.parameter_ndx };
    if (edit.action === 'approve' && !mayUnapprove(user)) throw forbidden('Only an Administrator may unapprove a period.');
    await rewriteSeriesSpan(trx, { ...s, first: edit.start_ts, last: edit.end_ts }, async (locked) => {
      const steps = await activeSteps(locked, s);
      const others = steps.filter((x) => x.editId !== editId);
      assertNotApproved(others, edit.action, edit.start_ts.getTime(), edit.end_ts.getTime());
      await markUndone(locked, editId, userName(user));
      const { changed } = await rebuildRange(locked, s, edit.start_ts, edit.end_ts, others);
      await recordAudit(locked, {
        actor: user,
        action: 'update',
        table: 'series_edit',
        rowKey: editId,
        before: { undone: false },
        after: { undone: true },
      });
      return changed;
    });
  });
}

function editOf(r: EditRecord): DataReviewEdit {
  return {
    editId: r.edit_id,
    action: r.action,
    start: r.start_ts.toISOString(),
    end: r.end_ts.toISOString(),
    value: r.value,
    endValue: r.end_value,
    qualifier: r.qualifier,
    comment: r.comment,
    user: r.user_name,
    at: r.at.toISOString(),
    undone: r.undone_at !== null,
    undoneAt: r.undone_at?.toISOString() ?? null,
    undoneBy: r.undone_by,
    affected: r.affected,
  };
}

/** The series' changes, newest first. */
export async function seriesEdits(db: Db, user: AuthUser | null, s: SeriesKey): Promise<DataReviewEditsResponse> {
  await readableSeries(db, user, s);
  return { edits: (await listEdits(db, s, MAX_EDITS_LISTED)).map(editOf) };
}
