import { describe, expect, it } from 'vitest';
import { readDelimitedText, splitDelimitedText, splitQuoted, type DelimitedLayout } from './delimited-text';
import { globToRegExp } from './import-paths';
import { LocalTimeResolver } from './local-time';
import { Batch, RunTally } from './run-tally';

function read(text: string, layout: Partial<DelimitedLayout>) {
  const tally = new RunTally();
  const batch = new Batch(tally, 'f.csv', { locationNdx: 1, parameterNdx: 1, datasrcNdx: 1, importNdx: 1 }, null, new LocalTimeResolver(0));
  readDelimitedText(
    text,
    { delimiter: ',', headerRows: 1, fieldCount: 0, dateColumn: 0, timeColumn: null, valueColumn: 1, ...layout },
    batch,
  );
  return { rows: batch.rows.map((r) => [r.collectTimestamp.toISOString().slice(0, 16), r.resultValue]), batch, errors: tally.errors };
}

describe('readDelimitedText', () => {
  it('reads a Campbell TOA5 file: 4 header lines, quoted timestamps, NAN ignored', () => {
    const toa5 = [
      '"TOA5","GAGE","CR1000","1","OS","CPU:x.CR1","1","Tbl"',
      '"TIMESTAMP","RECORD","Stage_Avg","Batt"',
      '"TS","RN","ft","V"',
      '"","","Avg","Smp"',
      '"2026-07-01 00:00:00",1,2.5,12.9',
      '"2026-07-01 00:15:00",2,"NAN",12.9',
      '"2026-07-01 00:30:00",3,2.75,12.8',
    ].join('\r\n');
    const r = read(toa5, { headerRows: 4, fieldCount: 4, valueColumn: 2 });
    expect(r.rows).toEqual([
      ['2026-07-01T06:00', 2.5],
      ['2026-07-01T06:30', 2.75],
    ]);
    expect(r.batch.ignored).toBe(1);
    expect(r.errors).toEqual([]);
  });
  it('reads date and time from two columns with tab, semicolon, pipe and padded space delimiters', () => {
    for (const d of ['\t', ';', '|']) {
      expect(read(`date${d}time${d}value\n01/15/2026${d}13:00${d}4.5\n`, { delimiter: d, timeColumn: 1, valueColumn: 2 }).rows).toEqual([
        ['2026-01-15T20:00', 4.5],
      ]);
    }
    expect(
      read('date time value\n01/15/2026   13:00    4.5  \n', { delimiter: ' ', timeColumn: 1, valueColumn: 2, fieldCount: 3 }).rows,
    ).toEqual([['2026-01-15T20:00', 4.5]]);
  });
  it('counts bad rows with their file line numbers and keeps reading', () => {
    const text = 'when,value\n2026-07-01 00:00,1\nnot a date,2\n2026-07-01 00:30,abc\n\n2026-07-01 00:45\n2026-07-01 01:00,5\n';
    const r = read(text, {});
    expect(r.rows).toHaveLength(2);
    expect(r.batch.bad).toBe(3);
    expect(r.errors.map((e) => e.line)).toEqual([3, 4, 6]);
    expect(r.errors[0].message).toMatch(/^f\.csv: date "not a date" is not a recognised date/);
    expect(r.errors[1].message).toBe('f.csv: value "abc" is not a number');
  });
  it('checks the field count when it is not 0', () => {
    const r = read('h\n2026-07-01 00:00,1,x\n2026-07-01 00:15,2\n', { fieldCount: 3 });
    expect(r.rows).toEqual([['2026-07-01T06:00', 1]]);
    expect(r.errors).toEqual([
      { line: 3, message: 'f.csv: the row has 2 fields, the source expects 3 (File Field Count; 0 turns the check off)' },
    ]);
  });
  it('keeps line numbers right across a quoted field that spans lines', () => {
    const r = read('h\n"2026-07-01 00:00",1,"note\nmore"\nbad,row,x\n', { fieldCount: 3 });
    expect(r.rows).toHaveLength(1);
    expect(r.errors.map((e) => e.line)).toEqual([4]);
  });
});

describe('a quote that is never closed', () => {
  const layout: DelimitedLayout = { delimiter: ',', headerRows: 1, fieldCount: 0, dateColumn: 0, timeColumn: null, valueColumn: 1 };
  const rows = Array.from({ length: 12_000 }, (_, i) => `2026-07-01 ${String(i % 24).padStart(2, '0')}:00,${i}.25`);
  const plain = ['when,value', ...rows].join('\n');
  // The same file with one opening quote on the first data row and no quote after it.
  const unclosed = ['when,value', `"${rows[0]}`, ...rows.slice(1)].join('\n');
  const fastest = (f: () => void) => {
    let best = Infinity;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      f();
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  };

  it('is one bad row, found in one pass: no slower than reading the same file without the quote', () => {
    expect(unclosed.length).toBeGreaterThan(200_000);
    const r = read(unclosed, {});
    expect(r.rows).toEqual([]);
    expect(r.errors).toEqual([{ line: 2, message: 'f.csv: a quoted field is never closed' }]);
    // A reader that retries the growing record line after line does the square of the work: on
    // this 200 KB file about a second against milliseconds. Three times the plain file's time is
    // far above one pass and far below the square.
    const plainMs = fastest(() => splitDelimitedText(plain, layout));
    const unclosedMs = fastest(() => splitDelimitedText(unclosed, layout));
    expect(unclosedMs).toBeLessThan(Math.max(3 * plainMs, 20));
  });
});

describe('splitQuoted and globToRegExp', () => {
  it('splits RFC 4180 fields', () => {
    expect(splitQuoted('"a,b","say ""hi""",3', ',')).toEqual(['a,b', 'say "hi"', '3']);
    expect(splitQuoted('"open,1', ',')).toBeNull();
  });
  it('matches file name patterns', () => {
    expect(globToRegExp('*.dat').test('gage_2026.dat')).toBe(true);
    expect(globToRegExp('*.dat').test('gage.dat.bak')).toBe(false);
    expect(globToRegExp('TW-1?_level.csv').test('TW-11_level.csv')).toBe(true);
    expect(globToRegExp('log[0-9].txt').test('log7.txt')).toBe(true);
    expect(globToRegExp('log[!0-9].txt').test('log7.txt')).toBe(false);
    expect(globToRegExp('a+b(1).csv').test('a+b(1).csv')).toBe(true);
  });
});
