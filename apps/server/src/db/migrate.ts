import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './client';
import { migrations } from './migrations';

/** Migrations are listed in code (migrations/index.ts) so no directory scan is needed at run time. */
class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Brings the database to the newest schema; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const what = failed ? ` in migration ${failed.migrationName}` : '';
    throw new Error(`Database migration failed${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
