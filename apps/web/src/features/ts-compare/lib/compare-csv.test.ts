import { describe, expect, it } from 'vitest';
import { compareCsvText } from './compare-csv';

describe('compareCsvText', () => {
  it('neutralises a location label a spreadsheet would run as a formula, and quotes as needed', () => {
    const csv = compareCsvText(
      [
        { axis: 'Left', location: '=HYPERLINK("http://evil.example","Gage")', parameter: 'Flow', timestamp: 0, value: 12.5, units: 'cfs' },
        { axis: 'Right', location: 'Well, north', parameter: '@Level', timestamp: 900_000, value: -3, units: 'ft' },
      ],
      (ms) => `t${ms}`,
    );
    expect(csv).toBe(
      'Axis,Location,Parameter,Date,Value,Units\r\n' +
        `Left,"'=HYPERLINK(""http://evil.example"",""Gage"")",Flow,t0,12.5,cfs\r\n` +
        `Right,"Well, north",'@Level,t900000,-3,ft\r\n`,
    );
  });
});
