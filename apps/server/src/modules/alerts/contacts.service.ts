import type { Contact, ContactGroupPair, ContactInput, Group, GroupInput, GroupUsed } from '@portal/contracts';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../../audit/audit.repository';
import type { Actor } from './alerts.service';
import * as repo from './contacts.repository';

const unknownGroup = (ndx: number) => notFound(`Group ${ndx} does not exist`);
const unknownContact = (ndx: number) => notFound(`Contact ${ndx} does not exist`);

export const listGroups = (db: Db): Promise<Group[]> => repo.listGroups(db);
export const listGroupsUsed = (db: Db): Promise<GroupUsed[]> => repo.listGroupsUsed(db);
export const listContacts = (db: Db): Promise<Contact[]> => repo.listContacts(db);
export const listAssociations = (db: Db): Promise<ContactGroupPair[]> => repo.listContactGroupPairs(db);

async function assertUniqueGroupName(db: Db, name: string, exceptNdx?: number): Promise<void> {
  if ((await repo.groupNamed(db, name, exceptNdx)) !== undefined) throw conflict(`A group named '${name}' already exists`);
}

export function createGroup(db: Db, actor: Actor, input: GroupInput): Promise<Group> {
  return db.transaction().execute(async (trx) => {
    await assertUniqueGroupName(trx, input.group_desc);
    const after = await repo.insertGroup(trx, input);
    await recordAudit(trx, { actor, action: 'insert', table: 'contact_group', rowKey: after.group_ndx, after });
    return after;
  });
}

export function updateGroup(db: Db, actor: Actor, groupNdx: number, input: GroupInput): Promise<Group> {
  return db.transaction().execute(async (trx) => {
    const before = await repo.findGroup(trx, groupNdx, true);
    if (!before) throw unknownGroup(groupNdx);
    await assertUniqueGroupName(trx, input.group_desc, groupNdx);
    const after = await repo.updateGroup(trx, groupNdx, input);
    await recordAudit(trx, { actor, action: 'update', table: 'contact_group', rowKey: groupNdx, before, after });
    return after;
  });
}

/** Refused while alerts send to the group, naming them so the administrator can change them first. */
export function deleteGroup(db: Db, actor: Actor, groupNdx: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await repo.findGroup(trx, groupNdx, true);
    if (!before) throw unknownGroup(groupNdx);
    const [used] = await repo.listGroupsUsed(trx, groupNdx);
    if (used) {
      throw conflict(
        `Group '${before.group_desc}' is used by ${used.alerts.length === 1 ? 'alert' : 'alerts'} ${used.alerts.map((a) => a.label).join('; ')} and cannot be deleted`,
      );
    }
    const members = await repo.listContactGroupPairs(trx, groupNdx);
    await repo.deleteGroup(trx, groupNdx);
    await recordAudit(trx, {
      actor,
      action: 'delete',
      table: 'contact_group',
      rowKey: groupNdx,
      before: { ...before, members: members.map((m) => m.contact_ndx) },
    });
  });
}

export function createContact(db: Db, actor: Actor, input: ContactInput): Promise<Contact> {
  return db.transaction().execute(async (trx) => {
    const after = await repo.insertContact(trx, input);
    await recordAudit(trx, { actor, action: 'insert', table: 'contact', rowKey: after.contact_ndx, after });
    return after;
  });
}

export function updateContact(db: Db, actor: Actor, contactNdx: number, input: ContactInput): Promise<Contact> {
  return db.transaction().execute(async (trx) => {
    const before = await repo.findContact(trx, contactNdx, true);
    if (!before) throw unknownContact(contactNdx);
    const after = await repo.updateContact(trx, contactNdx, input);
    await recordAudit(trx, { actor, action: 'update', table: 'contact', rowKey: contactNdx, before, after });
    return after;
  });
}

/** Refused while alerts send to the contact directly; group memberships go with the contact. */
export function deleteContact(db: Db, actor: Actor, contactNdx: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await repo.findContact(trx, contactNdx, true);
    if (!before) throw unknownContact(contactNdx);
    const alerts = await repo.alertsSendingToContact(trx, contactNdx);
    if (alerts.length) {
      throw conflict(
        `Contact '${before.contact_name}' is the recipient of ${alerts.length === 1 ? 'alert' : 'alerts'} ${alerts.map((n) => `#${n}`).join(', ')} and cannot be deleted`,
      );
    }
    await repo.deleteContact(trx, contactNdx);
    await recordAudit(trx, { actor, action: 'delete', table: 'contact', rowKey: contactNdx, before });
  });
}

/** Save on Groups to Contacts Associations: the group's members become exactly these contacts. */
export function replaceAssociations(db: Db, actor: Actor, groupNdx: number, pairs: ContactGroupPair[]): Promise<ContactGroupPair[]> {
  return db.transaction().execute(async (trx) => {
    const group = await repo.findGroup(trx, groupNdx, true);
    if (!group) throw unknownGroup(groupNdx);
    const foreign = pairs.filter((p) => p.group_ndx !== groupNdx);
    if (foreign.length)
      throw badRequest(`Every pair must have group_ndx ${groupNdx} (the group in the address); got ${foreign[0].group_ndx}`);
    const contacts = [...new Set(pairs.map((p) => p.contact_ndx))].sort((a, b) => a - b);
    const missing = await repo.missingContacts(trx, contacts);
    if (missing.length)
      throw badRequest(
        `${missing.length === 1 ? 'Contact' : 'Contacts'} ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist`,
      );
    const before = await repo.listContactGroupPairs(trx, groupNdx);
    await repo.replaceGroupMembers(trx, groupNdx, contacts);
    await recordAudit(trx, {
      actor,
      action: 'update',
      table: 'contact_group_member',
      rowKey: groupNdx,
      before: { contact_ndx: before.map((p) => p.contact_ndx) },
      after: { contact_ndx: contacts },
    });
    return repo.listContactGroupPairs(trx, groupNdx);
  });
}
