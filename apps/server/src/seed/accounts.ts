import { hashPassword } from '../accounts/passwords';
import type { Db } from '../db/client';

/** role_ndx and landing_page_ndx values pre-filled by the initial migration. */
const ROLE = { Administrator: 1, Developer: 2, User: 3, 'All Data User': 4 } as const;

/** One demo account per role plus one without a role (which must see the Unauthorized screen). */
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.local', name: 'Alex Admin', nickname: 'admin', role: ROLE.Administrator, landing: 1 },
  { email: 'developer@demo.local', name: 'Dana Developer', nickname: 'developer', role: ROLE.Developer, landing: 1 },
  { email: 'user@demo.local', name: 'Uma User', nickname: 'user', role: ROLE.User, landing: 4 },
  { email: 'alldata@demo.local', name: 'Avery All-Data', nickname: 'alldata', role: ROLE['All Data User'], landing: 3 },
  { email: 'norole@demo.local', name: 'Nolan No-Role', nickname: 'norole', role: null, landing: 1 },
] as const;

/** Facilities the staff user is authorised for (the sidebar lists only these). */
const USER_FACILITIES = ['wf1', 'wf3', 'milton', 'western'];

/** One argon2id hash per account (each with its own salt). Done before the transaction opens: hashing is slow. */
export async function hashDemoPasswords(password: string): Promise<string[]> {
  return Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(password)));
}

/** Inserts the demo accounts; `facility` maps facility keys (names.ts) to facility_ndx. */
export async function writeAccounts(trx: Db, passwordHashes: string[], facility: Map<string, number>): Promise<void> {
  const users = await trx
    .insertInto('app_user')
    .values(
      DEMO_ACCOUNTS.map((a, i) => ({
        name: a.name,
        nickname: a.nickname,
        email: a.email,
        password_hash: passwordHashes[i],
        role_ndx: a.role,
        landing_page_ndx: a.landing,
        disabled: false,
      })),
    )
    .returning(['user_id', 'email'])
    .execute();
  const user = users.find((u) => u.email === 'user@demo.local')!;
  const rows = USER_FACILITIES.map((key) => facility.get(key))
    .filter((n): n is number => n !== undefined)
    .map((facility_ndx) => ({ user_id: user.user_id, facility_ndx }));
  if (rows.length) await trx.insertInto('user_facility').values(rows).execute();
}
