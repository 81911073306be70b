import {
  parseMergedAddress,
  type AlertRequest,
  type AlertRequestInput,
  type AlertRequestPatch,
  type MergedAddress,
} from '@portal/contracts';
import type { AuthUser } from '../../tokens/token-verifier';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { recordAudit } from '../../audit/audit.repository';
import { queueAlertEvaluation } from './engine/queue';
import {
  checkAlertReferences,
  deleteAlertRequest,
  findAlertRequestRecord,
  insertAlertRequest,
  listAlertRequests,
  setAlertRecipient,
  updateAlertRequest,
  type AlertRequestRecord,
  type AlertRequestWrite,
} from './alerts.repository';

const TABLE = 'alert_request';
export type Actor = Pick<AuthUser, 'sub' | 'email'> | null;

const unknownAlert = (ndx: number) => notFound(`Alert ${ndx} does not exist`);

function split(input: AlertRequestInput): { write: AlertRequestWrite; to: MergedAddress } {
  const { merged_address_ndx, ...write } = input;
  const to = parseMergedAddress(merged_address_ndx);
  // The contract already refused anything else; this keeps the type honest.
  if (!to) throw badRequest('Send Alerts To must be a group or a contact');
  return { write, to };
}

/** Readable 400s for every reference that is wrong, before any row is written. */
async function assertValidReferences(db: Db, write: AlertRequestWrite, to: MergedAddress): Promise<void> {
  const c = await checkAlertReferences(db, { ...write, to });
  const problems: string[] = [];
  if (c.comparison === null) problems.push(`Alert type ${write.alert_type_ndx} does not exist`);
  if (!c.locationExists) problems.push(`Location ${write.location_ndx} does not exist`);
  if (!c.parameterExists) problems.push(`Parameter ${write.parameter_ndx} does not exist`);
  else if (c.locationExists && !c.measuredAtLocation)
    problems.push(`Parameter ${write.parameter_ndx} is not measured at location ${write.location_ndx}`);
  if (c.comparison === 'battery_below' && c.parameterExists && !c.parameterIsBattery) {
    problems.push('A battery alert needs a battery parameter (a parameter whose name contains "battery")');
  }
  if (!c.recipientExists) problems.push(`${to.kind === 'group' ? 'Group' : 'Contact'} ${to.ndx} does not exist`);
  if (problems.length) throw badRequest(problems.join('; '));
}

async function loadAlert(db: Db, ndx: number): Promise<AlertRequest> {
  const [row] = await listAlertRequests(db, ndx);
  if (!row) throw unknownAlert(ndx);
  return row;
}

export function listAlerts(db: Db): Promise<AlertRequest[]> {
  return listAlertRequests(db);
}

export async function createAlert(db: Db, actor: Actor, input: AlertRequestInput): Promise<AlertRequest> {
  return db.transaction().execute(async (trx) => {
    const { write, to } = split(input);
    await assertValidReferences(trx, write, to);
    const ndx = await insertAlertRequest(trx, write);
    await setAlertRecipient(trx, ndx, to);
    const after = await findAlertRequestRecord(trx, ndx);
    await recordAudit(trx, { actor, action: 'insert', table: TABLE, rowKey: ndx, after });
    // A new alert is checked against the newest readings now, not at the next scheduled evaluation.
    await queueAlertEvaluation(trx);
    return loadAlert(trx, ndx);
  });
}

async function replace(db: Db, actor: Actor, ndx: number, build: (before: AlertRequestRecord) => AlertRequestInput): Promise<AlertRequest> {
  return db.transaction().execute(async (trx) => {
    const before = await findAlertRequestRecord(trx, ndx, true);
    if (!before) throw unknownAlert(ndx);
    const { write, to } = split(build(before));
    await assertValidReferences(trx, write, to);
    await updateAlertRequest(trx, ndx, write);
    await setAlertRecipient(trx, ndx, to);
    const after = await findAlertRequestRecord(trx, ndx);
    await recordAudit(trx, { actor, action: 'update', table: TABLE, rowKey: ndx, before, after });
    await queueAlertEvaluation(trx);
    return loadAlert(trx, ndx);
  });
}

export function updateAlert(db: Db, actor: Actor, ndx: number, input: AlertRequestInput): Promise<AlertRequest> {
  return replace(db, actor, ndx, () => input);
}

/** PATCH: the stored record with the sent fields changed, validated as a whole. */
export function patchAlert(db: Db, actor: Actor, ndx: number, patch: AlertRequestPatch): Promise<AlertRequest> {
  return replace(db, actor, ndx, (before) => {
    const { alert_request_ndx: _n, group_ndx, contact_ndx, ...stored } = before;
    const merged_address_ndx = group_ndx !== null ? `group-${group_ndx}` : `contact-${contact_ndx}`;
    const next = { ...stored, merged_address_ndx, ...patch } as AlertRequestInput;
    if (group_ndx === null && contact_ndx === null && patch.merged_address_ndx === undefined) {
      throw badRequest(`Alert ${ndx} has no recipient: send merged_address_ndx with the change`);
    }
    return next;
  });
}

/**
 * Deletes an alert request for good (disabling keeps it); audited with the record as it was.
 * Messages already sent stay in the delivery log.
 */
export async function deleteAlert(db: Db, actor: Actor, ndx: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findAlertRequestRecord(trx, ndx, true);
    if (!before) throw unknownAlert(ndx);
    await deleteAlertRequest(trx, ndx);
    await recordAudit(trx, { actor, action: 'delete', table: TABLE, rowKey: ndx, before });
  });
}
