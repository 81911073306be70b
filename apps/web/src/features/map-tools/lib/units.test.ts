import { describe, expect, it } from 'vitest';
import { areaTexts, coordinatesText, kmToFeetText, toKilometres } from './units';

describe('map-tools units', () => {
  it('turns a circle radius in km into feet with 2 decimals (3280.84 per km)', () => {
    expect(kmToFeetText(1)).toBe('3,280.84');
    expect(kmToFeetText(0.5)).toBe('1,640.42');
    expect(kmToFeetText(1000)).toBe('3,280,840.00');
    expect(kmToFeetText(0)).toBe('0.00');
  });

  it('turns square metres into acres (/ 4047) and square feet (× 10.7639)', () => {
    expect(areaTexts(4047)).toEqual({ acres: '1.00', squareFeet: '43,561.50' });
    expect(areaTexts(1)).toEqual({ acres: '0.00', squareFeet: '10.76' });
    expect(areaTexts(1_000_000).acres).toBe('247.10');
  });

  it('shows coordinates with 5 decimals', () => {
    expect(coordinatesText(-104.78, 40.27)).toBe('Lat: 40.27000 Lng: -104.78000');
    expect(coordinatesText(-104.123456, 40.000004)).toBe('Lat: 40.00000 Lng: -104.12346');
  });

  it('converts ring amounts to kilometres so that they measure back exactly', () => {
    expect(kmToFeetText(toKilometres(1, 'Miles'))).toBe('5,280.00');
    expect(kmToFeetText(toKilometres(500, 'Feet'))).toBe('500.00');
  });
});
