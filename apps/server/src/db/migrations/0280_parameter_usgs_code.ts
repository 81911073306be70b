import { sql, type Kysely } from 'kysely';

// A parameter may carry its USGS parameter code (five digits: 00060 discharge, 00065 gage height):
// the open data API serves it as parameter_code, so clients written for USGS find the same series
// by the same code. One parameter per code, so a code names exactly one parameter.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table parameter add column usgs_parameter_code text check (usgs_parameter_code ~ '^[0-9]{5}$');
    create unique index parameter_usgs_parameter_code_key on parameter (usgs_parameter_code) where usgs_parameter_code is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table parameter drop column if exists usgs_parameter_code`.execute(db);
}
