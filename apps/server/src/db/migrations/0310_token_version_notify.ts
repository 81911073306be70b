import { sql, type Kysely } from 'kysely';

/**
 * Every change of an account's token version (a role change, a password change, a deleted
 * account) notifies the channel account_token_version with the account's id, on commit. Each app
 * process keeps the versions it has read and forgets an account's the moment this arrives, so a
 * revoked token is refused by every process without a database read per request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_account_token_version() returns trigger language plpgsql as $$
    begin
      perform pg_notify('account_token_version', coalesce(new.user_id, old.user_id));
      return null;
    end
    $$;
    create trigger account_token_version_notify
      after insert or update or delete on account_token_version
      for each row execute function notify_account_token_version();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists account_token_version_notify on account_token_version;
    drop function if exists notify_account_token_version();
  `.execute(db);
}
