import { sql, type Kysely } from 'kysely';

// The landing page "Home" is the home dashboard. It pointed at '/', the public landing page,
// whose "Log in to Dashboard" button led a signed-in user away again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update landing_page set landing_page_path = '/dashboards/home' where landing_page_name = 'Home' and landing_page_path = '/'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update landing_page set landing_page_path = '/' where landing_page_name = 'Home' and landing_page_path = '/dashboards/home'`.execute(
    db,
  );
}
