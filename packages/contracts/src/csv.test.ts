import { describe, expect, it } from 'vitest';
import { csvCell, csvText, csvTextCell, neutraliseFormula } from './csv';

describe('the CSV writer', () => {
  it('prefixes text a spreadsheet would run as a formula', () => {
    for (const text of ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'])
      expect(neutraliseFormula(text), text).toBe(`'${text}`);
  });
  it('leaves ordinary names alone', () => {
    for (const text of ['Well Field 1', 'TW-11', 'Storage/Reservoirs', '', 'cfs']) expect(neutraliseFormula(text), text).toBe(text);
  });
  it('neutralises, then quotes text cells; numbers stay numbers, null is empty', () => {
    expect(csvTextCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvTextCell('a, b')).toBe('"a, b"');
    expect(csvTextCell(null)).toBe('');
    expect(csvCell(-2.5)).toBe('-2.5');
    expect(csvCell(1e21)).toBe('1e+21');
    expect(csvCell(null)).toBe('');
  });
  it('writes a file with CRLF records', () => {
    expect(
      csvText(
        ['Location', 'Value'],
        [
          ['@Well', 1],
          ['Gage, north', null],
        ],
      ),
    ).toBe(`Location,Value\r\n'@Well,1\r\n"Gage, north",\r\n`);
  });
});
