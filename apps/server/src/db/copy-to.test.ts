import { describe, expect, it } from 'vitest';
import { withLiterals } from './copy-to';

describe('withLiterals (the parameters of a COPY statement written in)', () => {
  it('writes each parameter as the quoted text pg would send, null as null', () => {
    expect(
      withLiterals({
        sql: 'select $1, $2 + 1, $3, $10 from t where a = any($4) and b = $5 limit $6',
        parameters: ['x', 41, null, [1, 2], true, 50_001, 7, 8, 9, "it's"],
      }),
    ).toBe(`select 'x', '41' + 1, null, 'it''s' from t where a = any('{"1","2"}') and b = 'true' limit '50001'`);
  });

  it('quotes backslashes and quotes so the text cannot end the literal', () => {
    const out = withLiterals({ sql: 'select $1', parameters: ["a\\' or 1=1 --"] });
    expect(out).toBe(`select  E'a\\\\'' or 1=1 --'`);
  });

  it('writes a Date as pg sends it', () => {
    const at = new Date('2026-03-07T18:00:00.000Z');
    const out = withLiterals({ sql: 'select $1::timestamptz', parameters: [at] });
    expect(out).toMatch(/^select '2026-03-0\dT\d\d:00:00\.000[+-]\d\d:\d\d'::timestamptz$/);
  });

  it('leaves $n in quoted text, quoted names, comments and dollar quotes alone', () => {
    const sql = [
      `select '$1', 'it''s $1', E'\\'$1', e'\\\\', "a$1""b", $1`,
      '-- $1 in a comment',
      `/* $1 /* nested $1 */ still $1 */ $$ $1 $$, $tag$ $1 $tag$, x$1, $2`,
    ].join('\n');
    expect(withLiterals({ sql, parameters: ['A', 'B'] })).toBe(
      [
        `select '$1', 'it''s $1', E'\\'$1', e'\\\\', "a$1""b", 'A'`,
        '-- $1 in a comment',
        `/* $1 /* nested $1 */ still $1 */ $$ $1 $$, $tag$ $1 $tag$, x$1, 'B'`,
      ].join('\n'),
    );
  });

  it('refuses a placeholder without its parameter, unclosed text and binary data', () => {
    expect(() => withLiterals({ sql: 'select $2', parameters: ['a'] })).toThrow(/no parameter \$2/);
    expect(() => withLiterals({ sql: "select 'abc", parameters: [] })).toThrow(/unclosed/);
    expect(() => withLiterals({ sql: 'select $1', parameters: [Buffer.from('x')] })).toThrow(/not text/);
  });
});
