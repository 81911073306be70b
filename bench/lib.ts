import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, type DbHandle } from '../apps/server/src/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/server/src/db/embedded';
import { migrateToLatest } from '../apps/server/src/db/migrate';

export interface BenchDatabase extends DbHandle {
  url: string;
  tmp: string;
  stop: () => Promise<void>;
}

/** A fresh embedded PostgreSQL with the schema, in a temporary folder readable by PostgreSQL. */
export async function benchDatabase(): Promise<BenchDatabase> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  fs.chmodSync(tmp, 0o755);
  const embedded: EmbeddedDatabase = await startEmbeddedPostgres(path.join(tmp, 'postgres'), 'bench');
  const handle = createDb(embedded.url, 4);
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url: embedded.url,
    tmp,
    stop: async () => {
      await handle.close();
      await embedded.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = process.hrtime.bigint();
  const value = await fn();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, value };
}

export function report(title: string, rows: Array<[string, string]>): void {
  console.log(`\n${title}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(44)} ${v}`);
}

/** p50/p95 of `n` timed calls after a warm-up; `value` is the last call's result (e.g. bytes). */
export async function sample(fn: () => Promise<number>, n: number): Promise<{ p50: number; p95: number; value: number }> {
  let value = await fn();
  for (let i = 0; i < 5; i++) value = await fn(); // warm-up: plans, caches, JIT
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = await timed(fn);
    ms.push(t.ms);
    value = t.value;
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(n * 0.5)], p95: ms[Math.min(n - 1, Math.floor(n * 0.95))], value };
}
