import { describe, expect, it } from 'vitest';
import { ImportPathError, globToRegExp } from './import-paths';

describe('globToRegExp', () => {
  it('matches names with *, ? and [ ] ranges', () => {
    expect(globToRegExp('WMD-*.csv').test('WMD-HG_flow.csv')).toBe(true);
    expect(globToRegExp('log?.dat').test('log1.dat')).toBe(true);
    expect(globToRegExp('log[!0-4].dat').test('log3.dat')).toBe(false);
  });

  it('refuses a range out of order with a readable ImportPathError (not a SyntaxError)', () => {
    expect(() => globToRegExp('[z-a].dat')).toThrow(ImportPathError);
    expect(() => globToRegExp('[z-a].dat')).toThrow('File Name pattern "[z-a].dat" is not valid: check its [ ] ranges');
  });
});
