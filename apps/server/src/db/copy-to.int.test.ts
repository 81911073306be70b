import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { csvTextCell } from '@portal/contracts';
import { copyCsvOut } from './copy-to';
import { csvNeutralisedSql } from './csv-cell.repository';

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

async function text(body: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

const backendAlive = async (pid: number) =>
  (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where pid = ${pid}`.execute(t.db)).rows[0].n === 1;

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 10_000;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not within 10 s: ${what}`);
}

describe('copyCsvOut', () => {
  it('streams the head, then the rows as COPY writes CSV, with the parameters written in', async () => {
    const { value, body } = await copyCsvOut(t.db, async (trx) => ({
      value: (await sql<{ n: number }>`select 41 + 1 as n`.execute(trx)).rows[0].n,
      head: 'a,b,c\n',
      select: sql`select v.a, v.b, ${"it's"}::text as c
                  from (values (1, 'x,y'), (2, null), (3, ''), (${4}::int, ${'say "hi"\nbye'})) v(a, b)
                  order by v.a`,
    }));
    expect(value).toBe(42);
    expect(await text(body)).toBe('a,b,c\n1,"x,y",it\'s\n2,,it\'s\n3,"",it\'s\n4,"say ""hi""\nbye",it\'s\n');
    await until(async () => t.pool.idleCount === t.pool.totalCount, 'the connection back in the pool');
  });

  it('copies several selects one after the other into the one body, lines longer than a socket read included', async () => {
    const { body } = await copyCsvOut(t.db, async () => ({
      value: null,
      head: 'n,x\n',
      select: [
        sql`select g, 'a' from generate_series(1, 3) g order by g`,
        sql`select 4, repeat('y', 200000)`,
        sql`select g, ${'b,c'}::text from generate_series(5, 20000) g order by g`,
      ],
    }));
    const lines = (await text(body)).split('\n');
    expect(lines.slice(0, 5)).toEqual(['n,x', '1,a', '2,a', '3,a', `4,${'y'.repeat(200000)}`]);
    expect(lines.slice(5, -1)).toEqual(Array.from({ length: 19996 }, (_, i) => `${i + 5},"b,c"`));
    expect(lines.at(-1)).toBe('');
    await until(async () => t.pool.idleCount === t.pool.totalCount, 'the connection back in the pool');
  });

  it('writes csvNeutralisedSql cells as csvTextCell writes them, every CSV of the portal alike', async () => {
    // The empty string is the one difference: COPY writes it "" (null is the empty cell).
    const values = ['=1+2', '+x', '-5', '@a', '\tb', '\rc', 'plain', 'a,b', 'say "x"', 'two\nlines', " 'quoted'", 'é=', null];
    const { body } = await copyCsvOut(t.db, async () => ({
      value: null,
      select: sql`select ${csvNeutralisedSql(sql.ref('u.v'))} from unnest(${values}::text[]) with ordinality u(v, i) order by u.i`,
    }));
    expect(await text(body)).toBe(values.map((v) => `${csvTextCell(v)}\n`).join(''));
  });

  it('reads the plan and the rows from one snapshot', async () => {
    await sql`create table copy_snapshot as select g as n from generate_series(1, 3) g`.execute(t.db);
    const { value, body } = await copyCsvOut(t.db, async (trx) => {
      const before = (await sql<{ n: number }>`select count(*)::int as n from copy_snapshot`.execute(trx)).rows[0].n;
      // Committed by another connection after the plan read, before the COPY runs.
      await sql`update copy_snapshot set n = n * 10`.execute(t.db);
      return { value: before, select: sql`select n from copy_snapshot order by n` };
    });
    expect(value).toBe(3);
    expect(await text(body)).toBe('1\n2\n3\n');
  });

  it('closes the connection when the reader goes away mid-COPY, so PostgreSQL stops writing', async () => {
    let pid = 0;
    const { body } = await copyCsvOut(t.db, async (trx) => {
      pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0].pid;
      return { value: null, select: sql`select g, repeat('x', 100) from generate_series(1, 5000000) g` };
    });
    const first = await new Promise<Buffer>((resolve) => body.once('data', resolve));
    expect(first.length).toBeGreaterThan(0);
    body.destroy();
    await until(async () => !(await backendAlive(pid)), 'the COPY backend gone');
    // The pool dropped that connection and still serves.
    await until(async () => t.pool.idleCount === t.pool.totalCount, 'no connection left checked out');
    expect((await sql<{ one: number }>`select 1 as one`.execute(t.db)).rows[0].one).toBe(1);
  });

  it('destroys the body when the COPY fails midway: a broken answer, never a short one', async () => {
    const { body } = await copyCsvOut(t.db, async () => ({
      value: null,
      select: sql`select g, case when g < 200000 then g else 1 / (g - g) end from generate_series(1, 300000) g`,
    }));
    let bytes = 0;
    const read = (async () => {
      for await (const chunk of body as AsyncIterable<Buffer>) bytes += chunk.length;
    })();
    await expect(read).rejects.toThrow(/division by zero/);
    expect(bytes).toBeGreaterThan(0);
    await until(async () => t.pool.idleCount === t.pool.totalCount, 'no connection left checked out');
  });

  it('rejects when the plan fails, before any body, and gives the connection back', async () => {
    await expect(
      copyCsvOut(t.db, async (trx) => {
        await sql`select 1 / 0`.execute(trx);
        return { value: null, select: sql`select 1` };
      }),
    ).rejects.toThrow(/division by zero/);
    // A COPY that fails at once fails its body (the plan's reads were fine).
    const { body } = await copyCsvOut(t.db, async () => ({ value: null, select: sql`select nope` }));
    await expect(text(body)).rejects.toThrow(/nope/);
    await until(async () => t.pool.idleCount === t.pool.totalCount, 'no connection left checked out');
  });
});
