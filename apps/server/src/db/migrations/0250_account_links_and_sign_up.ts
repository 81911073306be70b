import { sql, type Kysely } from 'kysely';

// Forgot password and administrator-controlled sign-up at the embedded identity provider
// (decision 0034).
// account_link: the single-use links those pages mail. Only a SHA-256 hash of the random token is
// kept, so a copy of the database opens nothing; used_at marks a link spent.
// sign_up_setting: one row, sign-up off until an administrator turns it on; the role a new account
// gets is none or User, never more.
// alert_event also carries the account messages (purpose), so they take the alerts' delivery path:
// SMTP with retries, or the outbox when no SMTP server is configured.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
create table account_link (
  token_hash bytea primary key,
  purpose text not null check (purpose in ('password-reset', 'sign-up')),
  user_id text references app_user (user_id) on delete cascade,
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  check ((purpose = 'password-reset') = (user_id is not null))
);
create index account_link_expires_idx on account_link (expires_at);

create table sign_up_setting (
  only_row boolean primary key default true check (only_row),
  enabled boolean not null default false,
  new_account_role text check (new_account_role in ('User')),
  updated_at timestamptz not null default now()
);
insert into sign_up_setting (only_row) values (true);

alter table alert_event alter column alert_request_ndx drop not null;
alter table alert_event add column purpose text not null default 'alert'
  check (purpose in ('alert', 'password-reset', 'sign-up'));
alter table alert_event add constraint alert_event_purpose_request_check
  check ((purpose = 'alert') = (alert_request_ndx is not null));
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
delete from alert_event where purpose <> 'alert';
alter table alert_event drop constraint alert_event_purpose_request_check;
alter table alert_event drop column purpose;
alter table alert_event alter column alert_request_ndx set not null;
drop table if exists sign_up_setting;
drop table if exists account_link;
`,
    )
    .execute(db);
}
