import { sql } from 'kysely';
import type { LandingPage, ManagedUser, UserRole } from '@portal/contracts';
import type { UserWrite } from '../../accounts/account-store.repository';
import type { Db } from '../../db/client';

/** SQL of Users Management against the embedded provider's user store (app_user, user_facility). */

export async function listLandingPages(db: Db): Promise<LandingPage[]> {
  return db
    .selectFrom('landing_page')
    .select(['landing_page_ndx', 'landing_page_name', 'landing_page_path'])
    .orderBy('landing_page_ndx')
    .execute();
}

export async function findLandingPage(db: Db, landingPageNdx: number): Promise<LandingPage | undefined> {
  return db
    .selectFrom('landing_page')
    .select(['landing_page_ndx', 'landing_page_name', 'landing_page_path'])
    .where('landing_page_ndx', '=', landingPageNdx)
    .executeTakeFirst();
}

export async function listRoles(db: Db): Promise<UserRole[]> {
  return db.selectFrom('role').select(['role_id as auth0_role_id', 'role_name as auth0_role_name']).orderBy('role_ndx').execute();
}

export async function findRoleById(db: Db, roleId: string): Promise<{ role_ndx: number; role_name: string } | undefined> {
  return db.selectFrom('role').select(['role_ndx', 'role_name']).where('role_id', '=', roleId).executeTakeFirst();
}

const selectUsers = sql`
  select u.user_id as auth0_user_id, u.name as auth0_name, u.nickname as auth0_nickname, u.email as auth0_email,
         r.role_id as assigned_role, r.role_name as assigned_role_name, u.landing_page_ndx as assigned_landing_page,
         coalesce((select array_agg(uf.facility_ndx order by uf.facility_ndx) from user_facility uf where uf.user_id = u.user_id), '{}') as associated_facilities
  from app_user u left join role r on r.role_ndx = u.role_ndx`;

export async function listUsers(db: Db): Promise<ManagedUser[]> {
  return (await sql<ManagedUser>`${selectUsers} order by lower(u.name), lower(u.email)`.execute(db)).rows;
}

export async function findUser(db: Db, userId: string, forUpdate = false): Promise<ManagedUser | undefined> {
  const lock = forUpdate ? sql`for update of u` : sql``;
  return (await sql<ManagedUser>`${selectUsers} where u.user_id = ${userId} ${lock}`.execute(db)).rows[0];
}

/** Accounts holding a role, read under a lock so two concurrent demotions cannot both pass the "last one" check. */
export async function countUsersWithRole(db: Db, roleName: string): Promise<number> {
  const r = await sql<{ user_id: string }>`
    select u.user_id from app_user u join role r on r.role_ndx = u.role_ndx
    where r.role_name = ${roleName} and not u.disabled for update of u`.execute(db);
  return r.rows.length;
}

export async function updateUser(db: Db, userId: string, write: Partial<UserWrite>): Promise<void> {
  if (!Object.keys(write).length) return;
  await db
    .updateTable('app_user')
    .set({ ...write, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
}

export async function replaceUserFacilities(db: Db, userId: string, facilityNdxs: readonly number[]): Promise<void> {
  await db.deleteFrom('user_facility').where('user_id', '=', userId).execute();
  if (facilityNdxs.length)
    await db
      .insertInto('user_facility')
      .values(facilityNdxs.map((facility_ndx) => ({ user_id: userId, facility_ndx })))
      .execute();
}

export async function missingFacilities(db: Db, facilityNdxs: readonly number[]): Promise<number[]> {
  if (!facilityNdxs.length) return [];
  const found = await db
    .selectFrom('facility')
    .select('facility_ndx')
    .where('facility_ndx', 'in', [...facilityNdxs])
    .execute();
  const have = new Set(found.map((r) => r.facility_ndx));
  return facilityNdxs.filter((n) => !have.has(n));
}

export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('app_user').where('user_id', '=', userId).execute();
}
