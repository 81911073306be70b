import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './query-download.service';

describe('neutraliseFormula', () => {
  it('prefixes text a spreadsheet would run as a formula', () => {
    for (const text of ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'])
      expect(neutraliseFormula(text), text).toBe(`'${text}`);
  });
  it('leaves ordinary names alone', () => {
    for (const text of ['Well Field 1', 'TW-11', 'Storage/Reservoirs', '', 'cfs']) expect(neutraliseFormula(text), text).toBe(text);
  });
});
