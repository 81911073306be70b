import { describe, expect, it } from 'vitest';
import { centreLabel, centreText, isSameCentre } from './radius-centre';

describe('radius centre', () => {
  it('shows coordinates with 5 decimals and the name when it came from a location', () => {
    expect(centreText({ lng: -104.123456, lat: 40.000004 })).toBe('Lat: 40.00000 Lng: -104.12346');
    expect(centreLabel({ lng: -104.78, lat: 40.27, name: 'Fort Lupton Gage' })).toBe('Fort Lupton Gage');
    expect(centreLabel({ lng: -104.78, lat: 40.27, name: null })).toBe('Lat: 40.27000 Lng: -104.78000');
  });

  it('compares place and name exactly', () => {
    const a = { lng: -104.78, lat: 40.27, name: 'A' };
    expect(isSameCentre(a, { ...a })).toBe(true);
    expect(isSameCentre(a, { ...a, name: null })).toBe(false);
    expect(isSameCentre(a, { ...a, lng: -104.780001 })).toBe(false);
    expect(isSameCentre(null, null)).toBe(true);
    expect(isSameCentre(a, null)).toBe(false);
  });
});
