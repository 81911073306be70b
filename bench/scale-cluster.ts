import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../apps/server/src/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/server/src/db/embedded';
import type { BenchDatabase } from './lib';

/** The embedded PostgreSQL of the bench, which can be restarted on the same data folder. */
export class Cluster {
  private embedded?: EmbeddedDatabase;
  db!: BenchDatabase;
  constructor(readonly dir: string) {}

  async start(): Promise<void> {
    this.embedded = await startEmbeddedPostgres(this.dir, 'bench');
    const handle = createDb(this.embedded.url, 4);
    this.db = { ...handle, url: this.embedded.url, tmp: path.dirname(this.dir), stop: async () => {} };
  }

  /** Stops PostgreSQL (fast shutdown, a checkpoint) and starts it again: its shared buffers are empty. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  async stop(): Promise<void> {
    await this.db?.close();
    await this.embedded?.stop();
  }
}

/**
 * Waits until the growth's writes are on disk: a checkpoint, then the operating system's own
 * writeback (sync). Without it the first cold samples after a growth step of tens of gigabytes
 * share the disk with gigabytes of writeback and measure that, not the read.
 */
export async function settle(db: BenchDatabase): Promise<void> {
  await sql`checkpoint`.execute(db.db);
  execFileSync('sync');
}
