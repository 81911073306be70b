import { sql } from 'kysely';
import type { Contact, ContactGroupPair, ContactInput, Group, GroupInput, GroupUsed } from '@portal/contracts';
import type { Db } from '../../db/client';

// Groups, contacts and their associations: all SQL of the three pages.

export function listGroups(db: Db): Promise<Group[]> {
  return db.selectFrom('contact_group').select(['group_ndx', 'group_desc', 'remark']).orderBy('group_desc').orderBy('group_ndx').execute();
}

export function findGroup(db: Db, groupNdx: number, forUpdate = false): Promise<Group | undefined> {
  let q = db.selectFrom('contact_group').select(['group_ndx', 'group_desc', 'remark']).where('group_ndx', '=', groupNdx);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The group with that name other than `exceptNdx` (names are unique). */
export async function groupNamed(db: Db, groupDesc: string, exceptNdx?: number): Promise<number | undefined> {
  let q = db
    .selectFrom('contact_group')
    .select('group_ndx')
    .where(sql<boolean>`lower(group_desc) = lower(${groupDesc})`);
  if (exceptNdx !== undefined) q = q.where('group_ndx', '<>', exceptNdx);
  return (await q.executeTakeFirst())?.group_ndx;
}

export async function insertGroup(db: Db, input: GroupInput): Promise<Group> {
  return db.insertInto('contact_group').values(input).returning(['group_ndx', 'group_desc', 'remark']).executeTakeFirstOrThrow();
}

export async function updateGroup(db: Db, groupNdx: number, input: GroupInput): Promise<Group> {
  return db
    .updateTable('contact_group')
    .set(input)
    .where('group_ndx', '=', groupNdx)
    .returning(['group_ndx', 'group_desc', 'remark'])
    .executeTakeFirstOrThrow();
}

export async function deleteGroup(db: Db, groupNdx: number): Promise<void> {
  await db.deleteFrom('contact_group').where('group_ndx', '=', groupNdx).execute();
}

/** Groups that alert requests send to, with those alerts (one group, or all). */
export async function listGroupsUsed(db: Db, groupNdx?: number): Promise<GroupUsed[]> {
  const { rows } = await sql<GroupUsed>`
    select g.group_ndx, g.group_desc,
           json_agg(json_build_object('alert_request_ndx', ar.alert_request_ndx,
             'label', '#' || ar.alert_request_ndx || ' ' || t.alert_type_desc || ', ' || coalesce(ar.custom_loc_name, l.location_name) || ', ' || p.parameter_name)
             order by ar.alert_request_ndx) as alerts
      from contact_group g
      join alert_request_recipient r on r.group_ndx = g.group_ndx
      join alert_request ar on ar.alert_request_ndx = r.alert_request_ndx
      join alert_type t on t.alert_type_ndx = ar.alert_type_ndx
      join location l on l.location_ndx = ar.location_ndx
      join parameter p on p.parameter_ndx = ar.parameter_ndx
     where ${groupNdx === undefined ? sql`true` : sql`g.group_ndx = ${groupNdx}`}
     group by g.group_ndx, g.group_desc
     order by g.group_desc`.execute(db);
  return rows;
}

const contactColumns = ['contact_ndx', 'contact_address', 'contact_name', 'contact_org', 'remark'] as const;

export function listContacts(db: Db): Promise<Contact[]> {
  return db.selectFrom('contact').select(contactColumns).orderBy('contact_name').orderBy('contact_ndx').execute();
}

export function findContact(db: Db, contactNdx: number, forUpdate = false): Promise<Contact | undefined> {
  let q = db.selectFrom('contact').select(contactColumns).where('contact_ndx', '=', contactNdx);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function insertContact(db: Db, input: ContactInput): Promise<Contact> {
  return db.insertInto('contact').values(input).returning(contactColumns).executeTakeFirstOrThrow();
}

export function updateContact(db: Db, contactNdx: number, input: ContactInput): Promise<Contact> {
  return db.updateTable('contact').set(input).where('contact_ndx', '=', contactNdx).returning(contactColumns).executeTakeFirstOrThrow();
}

export async function deleteContact(db: Db, contactNdx: number): Promise<void> {
  await db.deleteFrom('contact').where('contact_ndx', '=', contactNdx).execute();
}

/** Alerts that send to this contact directly (deleting it would leave them without a recipient). */
export async function alertsSendingToContact(db: Db, contactNdx: number): Promise<number[]> {
  const rows = await db
    .selectFrom('alert_request_recipient')
    .select('alert_request_ndx')
    .where('contact_ndx', '=', contactNdx)
    .orderBy('alert_request_ndx')
    .execute();
  return rows.map((r) => r.alert_request_ndx);
}

export function listContactGroupPairs(db: Db, groupNdx?: number): Promise<ContactGroupPair[]> {
  let q = db.selectFrom('contact_group_member').select(['group_ndx', 'contact_ndx']).orderBy('group_ndx').orderBy('contact_ndx');
  if (groupNdx !== undefined) q = q.where('group_ndx', '=', groupNdx);
  return q.execute();
}

/** Which of these contacts do not exist. */
export async function missingContacts(db: Db, contactNdxs: number[]): Promise<number[]> {
  if (contactNdxs.length === 0) return [];
  const { rows } = await sql<{ n: number }>`
    select n from unnest(${`{${contactNdxs.join(',')}}`}::int[]) n where not exists (select 1 from contact c where c.contact_ndx = n) order by n`.execute(
    db,
  );
  return rows.map((r) => r.n);
}

/** Replaces the group's members with exactly these contacts. */
export async function replaceGroupMembers(db: Db, groupNdx: number, contactNdxs: number[]): Promise<void> {
  await db.deleteFrom('contact_group_member').where('group_ndx', '=', groupNdx).execute();
  if (contactNdxs.length) {
    await db
      .insertInto('contact_group_member')
      .values(contactNdxs.map((contact_ndx) => ({ group_ndx: groupNdx, contact_ndx })))
      .execute();
  }
}
