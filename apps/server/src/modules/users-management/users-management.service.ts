import {
  ADMIN_HIDDEN_LANDING_PAGE_NDX,
  ADMINISTRATIVE_ROLE,
  DEFAULT_LANDING_PAGE_NDX,
  highestRole,
  mayGiveRole,
  mayManageAccount,
  roleRank,
  type CreateUserInput,
  type ManagedUser,
  type UpdateUserInput,
} from '@portal/contracts';
import { hashPassword, verifyPassword } from '../../accounts/passwords';
import { bumpTokenVersion } from '../../tokens/token-version.repository';
import type { AuthUser } from '../../tokens/token-verifier';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { recordAudit } from '../../audit/audit.repository';
import {
  emailTaken,
  findPasswordHash,
  insertUser,
  revokeOtherProviderGrants,
  revokeProviderGrants,
  setPasswordHash,
  type UserWrite,
} from '../../accounts/account-store.repository';
import {
  countUsersWithRole,
  deleteUser,
  findLandingPage,
  findRoleById,
  findUser,
  missingFacilities,
  replaceUserFacilities,
  updateUser,
} from './users-management.repository';

type Caller = Pick<AuthUser, 'sub' | 'email' | 'roles'>;
const TABLE = 'app_user';

const anA = (word: string) => `${/^[AEIOU]/.test(word) ? 'An' : 'A'} ${word}`;
/** "An Administrator", "A User": the caller's highest role, for messages. */
const callerLabel = (caller: Caller) => anA(highestRole(caller.roles) ?? 'account without a role');
const auditable = (u: ManagedUser) => ({ ...u });

interface Resolved {
  write: UserWrite;
  roleName: string | null;
}

/** Checks the references every create and update share (the role rules are checked by each). */
async function resolve(trx: Db, input: CreateUserInput | UpdateUserInput, userId: string | null): Promise<Resolved> {
  const role = input.role === null ? undefined : await findRoleById(trx, input.role);
  if (input.role !== null && !role) throw badRequest(`Role ${input.role} does not exist`);
  const roleName = role?.role_name ?? null;
  if (!(await findLandingPage(trx, input.landingPageNdx))) throw badRequest(`Landing page ${input.landingPageNdx} does not exist`);
  if (roleName === ADMINISTRATIVE_ROLE && input.landingPageNdx === ADMIN_HIDDEN_LANDING_PAGE_NDX) {
    throw badRequest(
      `Landing page ${ADMIN_HIDDEN_LANDING_PAGE_NDX} is not offered to the ${ADMINISTRATIVE_ROLE} role; use landing page ${DEFAULT_LANDING_PAGE_NDX}`,
    );
  }
  const missing = await missingFacilities(trx, [...new Set(input.facilities)]);
  if (missing.length)
    throw badRequest(
      `Facilit${missing.length === 1 ? 'y' : 'ies'} ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist`,
    );
  if (await emailTaken(trx, input.email, userId)) throw conflict(`A user with the e-mail ${input.email} already exists`);
  return {
    roleName,
    write: {
      name: input.name,
      nickname: input.nickname,
      email: input.email,
      role_ndx: role?.role_ndx ?? null,
      landing_page_ndx: input.landingPageNdx,
    },
  };
}

/** Nobody gives a role above their own: to a new account, to another account or to themselves. */
function assertMayGive(caller: Caller, roleName: string | null): void {
  if (!mayGiveRole(caller.roles, roleName)) throw forbidden(`${callerLabel(caller)} cannot give anyone the ${roleName} role`);
}

/** Nobody changes or deletes an account that reaches further than their own. */
function assertMayTouch(caller: Caller, target: ManagedUser, verb: string): void {
  const role = target.assigned_role_name;
  if (role && !mayManageAccount(caller.roles, role)) {
    throw forbidden(`${callerLabel(caller)} cannot ${verb} ${/^[AEIOU]/.test(role) ? 'an' : 'a'} ${role} account`);
  }
}

async function assertNotLastAdministrator(trx: Db, target: ManagedUser, what: string): Promise<void> {
  if (target.assigned_role_name !== ADMINISTRATIVE_ROLE) return;
  if ((await countUsersWithRole(trx, ADMINISTRATIVE_ROLE)) <= 1) throw conflict(`The last Administrator cannot be ${what}`);
}

async function loadUser(db: Db, userId: string, forUpdate = false): Promise<ManagedUser> {
  const user = await findUser(db, userId, forUpdate);
  if (!user) throw notFound(`User ${userId} does not exist`);
  return user;
}

export async function createUser(db: Db, caller: Caller, input: CreateUserInput): Promise<ManagedUser> {
  // Hashing is slow: done before the transaction opens so no row lock waits on it.
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const { write, roleName } = await resolve(trx, input, null);
    assertMayGive(caller, roleName);
    const userId = await insertUser(trx, write, passwordHash);
    await replaceUserFacilities(trx, userId, [...new Set(input.facilities)]);
    const after = await loadUser(trx, userId);
    await recordAudit(trx, { actor: caller, action: 'insert', table: TABLE, rowKey: userId, after: auditable(after) });
    return after;
  });
}

/**
 * Role, landing page and facilities apply from the user's next token (sign-in or refresh).
 * With an external provider (identityHere false) name, e-mail and role stay as the provider has them.
 */
export async function changeUser(db: Db, caller: Caller, input: UpdateUserInput, identityHere = true): Promise<ManagedUser> {
  return db.transaction().execute(async (trx) => {
    const before = await loadUser(trx, input.id, true);
    assertMayTouch(caller, before, 'change');
    if (!identityHere) {
      input = { ...input, name: before.auth0_name, nickname: before.auth0_nickname, email: before.auth0_email, role: before.assigned_role };
    }
    const { write, roleName } = await resolve(trx, input, input.id);
    if (input.id === caller.sub && roleRank(roleName) > roleRank(before.assigned_role_name)) {
      throw forbidden('You cannot raise your own role');
    }
    assertMayGive(caller, roleName);
    if (roleName !== ADMINISTRATIVE_ROLE) await assertNotLastAdministrator(trx, before, 'given another role');
    await updateUser(trx, input.id, write);
    await replaceUserFacilities(trx, input.id, [...new Set(input.facilities)]);
    const after = await loadUser(trx, input.id);
    // Tokens carry the role they were issued with: a changed role makes the account's tokens void.
    if (after.assigned_role !== before.assigned_role) await bumpTokenVersion(trx, input.id);
    await recordAudit(trx, {
      actor: caller,
      action: 'update',
      table: TABLE,
      rowKey: input.id,
      before: auditable(before),
      after: auditable(after),
    });
    return after;
  });
}

/** Deletes the account and ends its sessions and refresh tokens at the embedded provider. */
export async function removeUser(db: Db, caller: Caller, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await loadUser(trx, userId, true);
    assertMayTouch(caller, before, 'delete');
    await assertNotLastAdministrator(trx, before, 'deleted');
    await deleteUser(trx, userId);
    await revokeProviderGrants(trx, userId);
    await recordAudit(trx, { actor: caller, action: 'delete', table: TABLE, rowKey: userId, before: auditable(before) });
    await bumpTokenVersion(trx, userId);
  });
}

/**
 * The signed-in user's own password; the current one must be given. Every other sign-in session
 * of the account ends (its sessions, grants and refresh tokens at the embedded provider) and
 * every access token already issued to the account stops working (its token version is raised),
 * so a session opened with the old password loses access at once, not when its token expires.
 * The browser that made the change (keepGrantId, from its access token) stays signed in: it
 * renews its token silently and the new one carries the new version.
 */
export async function changeOwnPassword(
  db: Db,
  caller: Caller,
  currentPassword: string,
  newPassword: string,
  keepGrantId: string | null,
): Promise<void> {
  const stored = await findPasswordHash(db, caller.sub);
  if (stored === undefined) throw notFound("Your account is not in this portal's user store");
  if (!stored || !(await verifyPassword(stored, currentPassword))) throw badRequest('The current password is not correct');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, caller.sub, passwordHash);
    await revokeOtherProviderGrants(trx, caller.sub, keepGrantId);
    await bumpTokenVersion(trx, caller.sub);
    await recordAudit(trx, { actor: caller, action: 'update', table: TABLE, rowKey: caller.sub, after: { password: 'changed' } });
  });
}
