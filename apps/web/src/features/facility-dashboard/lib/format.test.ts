import { describe, expect, it } from 'vitest';
import { formatAf, formatLocalDay, formatPercent, formatValue, waterYearLabel, waterYearMonths } from './format';

describe('dashboard formats', () => {
  it('formats values, volumes and fractions, N/A when missing', () => {
    expect(formatValue(4981.256)).toBe('4,981.26');
    expect(formatValue(450)).toBe('450');
    expect(formatValue(null)).toBe('N/A');
    expect(formatAf(21.818181)).toBe('21.8 af');
    expect(formatAf(1500)).toBe('1,500.0 af');
    expect(formatAf(undefined)).toBe('N/A');
    expect(formatPercent(0.625)).toBe('62.5%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(null)).toBe('N/A');
  });

  it('lists the water year from April to March', () => {
    const months = waterYearMonths(2026);
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ year: 2026, month: 4, label: 'Apr 2026' });
    expect(months[8]).toEqual({ year: 2026, month: 12, label: 'Dec 2026' });
    expect(months[11]).toEqual({ year: 2027, month: 3, label: 'Mar 2027' });
    expect(formatLocalDay('2026-03-31')).toBe('03/31/2026');
    expect(formatLocalDay(null)).toBe('N/A');
    expect(waterYearLabel(2026)).toBe('Water year Apr 2026 – Mar 2027');
  });
});
