import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';

// The drill-down table copies the numbers PostgreSQL packs as float8 text into its JSON
// (rows-by-instant.ts) when they are plain decimals: that text must be the one String(number)
// writes for the same double, or the answer would differ from the packed series parsed as JSON.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

const PLAIN_DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

describe('float8 text', () => {
  it('of a plain decimal is what String(number) writes for the same double', async () => {
    const edges = [
      0.1 + 0.2,
      1 / 3,
      -2 / 3,
      1e-4,
      1.0000000000000002e-4,
      9.999999999999999e-5,
      999999999999999.9,
      123456789012345.67,
      2 ** 53 + 2,
      1e15 - 1,
      Date.UTC(2025, 6, 1, 6, 45) + 0.123,
      (Date.UTC(2025, 6, 1, 6, 45) / 1000) * 1000 + 0.001,
      5e-324,
      Number.MAX_VALUE,
      -0,
    ];
    const random = fc.sample(
      fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ min: -1e16, max: 1e16, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 4e6 }).map((n) => Date.UTC(2020, 0, 1) + n * 900_000 + (n % 1000) / 1000),
      ),
      { numRuns: 20_000, seed: 55 },
    );
    const values = [...edges, ...random];
    const { rows } = await sql<{
      text: string;
    }>`select v::text as text from unnest(${values}::float8[]) with ordinality as u(v, n) order by n`.execute(t.db);
    const plain = rows.map((r, i) => [r.text, values[i]] as const).filter(([text]) => PLAIN_DECIMAL.test(text) && text !== '-0');
    expect(plain.length).toBeGreaterThan(5_000);
    for (const [text, value] of plain) expect(text, String(value)).toBe(String(value));
  });
});
