import { sql, type RawBuilder } from 'kysely';

/**
 * `text` as one CSV cell, in SQL: the twin of csvTextCell in @portal/contracts (a leading = + - @ tab or CR
 * gets an apostrophe, then quoted when it holds a comma, a quote or a line break; null is empty).
 * query-download.int.test.ts holds the two to the same output.
 */
export function csvTextCellSql(text: unknown): RawBuilder<string> {
  const neutralised = sql`(case when ${text} ~ E'^[-=+@\\t\\r]' then '''' || ${text} else ${text} end)`;
  return sql<string>`coalesce(case when ${neutralised} ~ E'[",\\r\\n]' then '"' || replace(${neutralised}, '"', '""') || '"' else ${neutralised} end, '')`;
}

/**
 * `text` neutralised as csvTextCellSql does (a leading = + - @ tab or CR gets an apostrophe) but not
 * quoted, for a CSV written by COPY, which quotes itself; null stays null (an empty cell).
 */
export function csvNeutralisedSql(text: unknown): RawBuilder<string> {
  return sql<string>`(case when ascii(${text}) in (61, 43, 45, 64, 9, 13) then '''' || ${text} else ${text} end)`;
}
