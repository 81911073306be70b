import { describe, expect, it } from 'vitest';
import type { CalendarDay, GraphRow } from '@portal/contracts';
import { csvFileName, graphRowsCsv, rowsForExport } from './graph-csv';

const row = (iso: string, flow: number, extra: Partial<GraphRow> = {}): GraphRow => ({
  collect_timestamp: iso,
  units: 'cfs',
  source: 'Logger File Import',
  location_name: 'Gage SP-1',
  location_id: 'SP-1',
  qualifiers: null,
  flow_cfs: flow,
  ...extra,
});

describe('csvFileName', () => {
  it('follows the spec pattern, with file-safe dates', () => {
    expect(csvFileName('TW-11', '03/01/2026', '03/04/2026')).toBe('Time Series Data for TW-11 between 03-01-2026 and 03-04-2026.csv');
    expect(csvFileName('A/B:C', '03/01/2026', '03/04/2026')).toBe('Time Series Data for A-B-C between 03-01-2026 and 03-04-2026.csv');
  });
});

describe('rowsForExport: start date .. end date plus one month (local midnights, inclusive)', () => {
  const rows = [
    row('2026-01-01T06:59:59.000Z', 1), // 23:59:59 MST on 12/31: before the start day
    row('2026-01-01T07:00:00.000Z', 2), // local midnight of 01/01
    row('2026-01-31T12:00:00.000Z', 3),
    row('2026-02-28T07:00:00.000Z', 4), // local midnight of 02/28 = 01/31 + one month (clamped)
    row('2026-02-28T07:15:00.000Z', 5),
  ];
  it('keeps rows inside the window', () => {
    expect(rowsForExport(rows, '2026-01-01' as CalendarDay, '2026-01-31' as CalendarDay).map((r) => r.flow_cfs)).toEqual([2, 3, 4]);
  });
  it('uses the local midnight across a DST change', () => {
    // 03/08/2026 + one month = 04/08/2026 00:00 MDT = 06:00Z
    const dst = [row('2026-04-08T06:00:00.000Z', 1), row('2026-04-08T06:15:00.000Z', 2), row('2026-03-08T07:00:00.000Z', 0)];
    expect(rowsForExport(dst, '2026-03-08' as CalendarDay, '2026-03-08' as CalendarDay).map((r) => r.flow_cfs)).toEqual([1, 0]);
  });
});

describe('graphRowsCsv', () => {
  it('writes local and UTC time, the value field, units, source and qualifiers, quoting where needed', () => {
    const csv = graphRowsCsv(
      [
        row('2026-03-08T09:00:00.000Z', 12.5, { qualifiers: 'P,e' }),
        row('2026-11-01T08:30:00.000Z', -1, { location_name: 'Smith, "Upper"', source: '=cmd' }),
      ],
      'flow_cfs',
    );
    expect(csv.split('\r\n')).toEqual([
      'collect_timestamp_local,collect_timestamp_utc,location_id,location_name,flow_cfs,units,source,qualifiers',
      '"03/08/2026, 3:00 AM",2026-03-08T09:00:00.000Z,SP-1,Gage SP-1,12.5,cfs,Logger File Import,"P,e"',
      `"11/01/2026, 1:30 AM",2026-11-01T08:30:00.000Z,SP-1,"Smith, ""Upper""",-1,cfs,'=cmd,`,
      '',
    ]);
  });
});
