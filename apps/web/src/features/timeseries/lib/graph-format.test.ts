import { describe, expect, it } from 'vitest';
import { axisTimeFormatter, formatValue, pointTimeFormatter, valueLabel } from './graph-format';

describe('graph formatting (default district zone)', () => {
  it('shows readings as MM/DD/YYYY, h:mm a and daily means as MM/DD/YYYY', () => {
    const ms = Date.parse('2026-11-01T08:30:00Z'); // the second 1:30 AM of the fall-back night
    expect(pointTimeFormatter('15min')(ms)).toBe('11/01/2026, 1:30 AM');
    expect(pointTimeFormatter('daily')(Date.parse('2026-03-08T07:00:00Z'))).toBe('03/08/2026');
    expect(axisTimeFormatter('15min')(Date.parse('2026-07-04T18:00:00Z'))).toBe('07/04 12:00 PM');
  });

  it('values: at most 3 decimals, N/A when missing; labels carry units', () => {
    expect(formatValue(265.1063095238095)).toBe('265.106');
    expect(formatValue(-0.5)).toBe('-0.5');
    expect(formatValue(1234.5)).toBe('1,234.5');
    expect(formatValue(undefined)).toBe('N/A');
    expect(valueLabel('waterlevel', 'ft')).toBe('Water Level (ft)');
    expect(valueLabel('flow', null)).toBe('Flow');
  });
});
