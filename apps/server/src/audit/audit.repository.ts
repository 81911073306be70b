import type { AuthUser } from '../tokens/token-verifier';
import type { Db } from '../db/client';

export interface AuditEntry {
  actor: Pick<AuthUser, 'sub' | 'email'> | null;
  action: 'insert' | 'update' | 'delete';
  table: string;
  rowKey: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Records one admin write. Call it with the same transaction as the write itself, so a write
 * is never without its audit row and an audit row never without its write.
 */
export async function recordAudit(trx: Db, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_sub: entry.actor?.sub ?? null,
      actor_email: entry.actor?.email ?? null,
      action: entry.action,
      table_name: entry.table,
      row_key: String(entry.rowKey),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

export interface AuditRow {
  audit_ndx: number;
  occurred_at: Date;
  actor_sub: string | null;
  actor_email: string | null;
  action: string;
  table_name: string;
  row_key: string;
  before: unknown;
  after: unknown;
}

/** Newest first; key-based paging on audit_ndx (no offsets over a growing table). */
export async function listAudit(db: Db, opts: { table?: string; beforeNdx?: number; limit?: number } = {}): Promise<AuditRow[]> {
  let q = db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('audit_ndx', 'desc')
    .limit(Math.min(opts.limit ?? 100, 1000));
  if (opts.table) q = q.where('table_name', '=', opts.table);
  if (opts.beforeNdx) q = q.where('audit_ndx', '<', opts.beforeNdx);
  return (await q.execute()) as AuditRow[];
}
