import { describe, expect, it } from 'vitest';
import { parseCoordinates } from './coordinate-search';

const at = (lat: number, lng: number) => ({ name: `Lat: ${lat} Lng: ${lng}`, type: 'coordinate', lat, lng });

describe('parseCoordinates', () => {
  it('reads "lat, lng" with a comma', () => {
    expect(parseCoordinates('40.27, -104.78')).toEqual(at(40.27, -104.78));
    expect(parseCoordinates('40.27,-104.78')).toEqual(at(40.27, -104.78));
  });

  it('reads the labelled form it names its own results with', () => {
    expect(parseCoordinates('Lat: 40.27 Lng: -104.78')).toEqual(at(40.27, -104.78));
    expect(parseCoordinates('lat:40.27, lng:-104.78')).toEqual(at(40.27, -104.78));
    expect(parseCoordinates('LAT: 40.27 LNG: -104.78')?.name).toBe('Lat: 40.27 Lng: -104.78');
  });

  it('lets labels decide the order', () => {
    expect(parseCoordinates('Lng: -104.78 Lat: 40.27')).toEqual(at(40.27, -104.78));
    expect(parseCoordinates('Lng: 10, Lat: 20')).toEqual(at(20, 10));
    // Labelled, so no swapping to make it fit.
    expect(parseCoordinates('Lat: -104.78 Lng: 40.27')).toBeNull();
    expect(parseCoordinates('Lat: 10 Lat: 20')).toBeNull();
  });

  it('accepts the swapped order when only that reading fits', () => {
    expect(parseCoordinates('-104.78 40.27')).toEqual(at(40.27, -104.78));
    expect(parseCoordinates('95, 10')).toEqual(at(10, 95));
  });

  it('prefers latitude first when both readings fit', () => {
    expect(parseCoordinates('10 20')).toEqual(at(10, 20));
  });

  it('refuses values that fit in neither order', () => {
    expect(parseCoordinates('95, 100')).toBeNull();
    expect(parseCoordinates('200 10')).toBeNull();
    expect(parseCoordinates('-91, 181')).toBeNull();
  });

  it('accepts the range limits themselves', () => {
    expect(parseCoordinates('90, 180')).toEqual(at(90, 180));
    expect(parseCoordinates('-90 -180')).toEqual(at(-90, -180));
  });

  it('accepts signs, integers and surrounding or repeated spaces', () => {
    expect(parseCoordinates('  +40.5   -105 ')).toEqual(at(40.5, -105));
    expect(parseCoordinates('40 -105')).toEqual(at(40, -105));
    expect(parseCoordinates('.5, -.25')).toEqual(at(0.5, -0.25));
  });

  it('returns no match for anything else', () => {
    for (const text of [
      '',
      '   ',
      'abc',
      '1,2,3',
      '40.27',
      '40.27,',
      ', -104.78',
      '40.27 -104.78 x',
      'Well 12 3',
      '40..2 1',
      '1e2 3',
      '40,27 -104,78',
    ]) {
      expect(parseCoordinates(text), text).toBeNull();
    }
  });
});
