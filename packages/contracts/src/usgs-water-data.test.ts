import { describe, expect, it } from 'vitest';
import { normalizeMonitoringLocationId, parseWaterDataMetadata, waterServicesNotice } from './usgs-water-data';

describe('Water Data API source fields', () => {
  it.each([
    ['continuous:00065', { collection: 'continuous', parameterCode: '00065', statisticId: null }],
    ['daily:00060', { collection: 'daily', parameterCode: '00060', statisticId: '00003' }],
    [' Daily:00060:00001 ', { collection: 'daily', parameterCode: '00060', statisticId: '00001' }],
  ])('reads %s', (text, series) => {
    expect(parseWaterDataMetadata(text)).toEqual({ ok: true, series });
  });

  it.each([
    ['00060', 'Source Site Metadata must be'],
    ['iv:00060', 'The collection must be continuous or daily'],
    ['continuous:60', 'The parameter code must be five digits'],
    ['daily:00060:mean', 'The statistic code must be five digits'],
    ['continuous:00060:00011:x', 'Source Site Metadata must be'],
  ])('refuses %s with a clear message', (text, start) => {
    const r = parseWaterDataMetadata(text);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toMatch(new RegExp(`^${start}`));
  });

  it('stores monitoring location ids with their agency prefix', () => {
    expect(normalizeMonitoringLocationId('06904500')).toBe('USGS-06904500');
    expect(normalizeMonitoringLocationId('usgs-06904500')).toBe('USGS-06904500');
    expect(normalizeMonitoringLocationId('USGS:410252073314801')).toBe('USGS-410252073314801');
    expect(normalizeMonitoringLocationId('Kersey')).toBeNull();
    expect(normalizeMonitoringLocationId('')).toBeNull();
  });

  it('tells when WaterServices stops and what to do', () => {
    expect(waterServicesNotice(1)).toBe(
      '1 enabled import source still uses USGS WaterServices. USGS retires WaterServices in the first quarter of 2027 (by 31 March 2027); from then on it imports nothing. Move it with "Move to the Water Data API" on the Imports Configuration page.',
    );
    expect(waterServicesNotice(3)).toMatch(
      /^3 enabled import sources still use USGS WaterServices\..*from then on they import nothing\. Move them/,
    );
  });
});
