import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFacility } from '../../test/factories';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { listAudit, recordAudit } from './audit.repository';

describe('audit log', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t.drop());

  it('records who changed which row, with before and after, newest first', async () => {
    const actor = { sub: 'usr_admin', email: 'admin@example.org' };
    await recordAudit(t.db, { actor, action: 'insert', table: 'contact', rowKey: 7, after: { contact_name: 'A' } });
    await recordAudit(t.db, {
      actor,
      action: 'update',
      table: 'contact',
      rowKey: 7,
      before: { contact_name: 'A' },
      after: { contact_name: 'B' },
    });
    const rows = await listAudit(t.db, { table: 'contact' });
    expect(rows.map((r) => [r.action, r.row_key, r.actor_email])).toEqual([
      ['update', '7', 'admin@example.org'],
      ['insert', '7', 'admin@example.org'],
    ]);
    expect(rows[0].before).toEqual({ contact_name: 'A' });
    expect(rows[0].after).toEqual({ contact_name: 'B' });
    expect((await listAudit(t.db, { table: 'contact', beforeNdx: rows[0].audit_ndx })).map((r) => r.action)).toEqual(['insert']);
  });

  it('is rolled back together with a failed write in the same transaction', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordAudit(trx, { actor: null, action: 'delete', table: 'facility', rowKey: 1, before: {} });
        await makeFacility(trx, { facility_name: 'x', facility_type_ndx: 999999 });
      }),
    ).rejects.toThrow();
    expect(await listAudit(t.db, { table: 'facility' })).toEqual([]);
  });
});
