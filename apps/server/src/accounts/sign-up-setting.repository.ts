import { sql } from 'kysely';
import type { SignUpSetting } from '@portal/contracts';
import type { Db } from '../db/client';

/** SQL of sign_up_setting (migration 0250): its one row says whether strangers may sign up, and with which role. */

export async function readSignUpSetting(db: Db, forUpdate = false): Promise<SignUpSetting> {
  const { rows } = await sql<{ enabled: boolean; new_account_role: 'User' | null }>`
    select enabled, new_account_role from sign_up_setting ${forUpdate ? sql`for update` : sql``}`.execute(db);
  const row = rows[0];
  return { enabled: row?.enabled ?? false, newAccountRole: row?.new_account_role ?? null };
}

export async function writeSignUpSetting(db: Db, setting: SignUpSetting): Promise<void> {
  await sql`
    insert into sign_up_setting (only_row, enabled, new_account_role, updated_at)
    values (true, ${setting.enabled}, ${setting.newAccountRole}, now())
    on conflict (only_row) do update set enabled = excluded.enabled, new_account_role = excluded.new_account_role, updated_at = now()`.execute(
    db,
  );
}
