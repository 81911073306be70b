import { sql } from 'kysely';
import type { Db } from '../../db/client';

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
