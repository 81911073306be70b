import { describe, expect, it } from 'vitest';
import { locationNumbersOf, parseMonitoringLocationId, USGS_PARAMETER_CODE } from './ogcapi-ids';

describe('monitoring location ids', () => {
  it('reads AGENCY-SITE of our agency (any case) and the bare site number', () => {
    expect(parseMonitoringLocationId('RWSD-12', 'RWSD')).toBe(12);
    expect(parseMonitoringLocationId('rwsd-12', 'RWSD')).toBe(12);
    expect(parseMonitoringLocationId('12', 'RWSD')).toBe(12);
  });

  it('names none of ours for another agency or another form', () => {
    for (const id of ['USGS-06904500', 'RWSD-', 'RWSD-012', 'RWSD-1-2', '-12', 'RWSD12', '0', 'RWSD-99999999999'])
      expect(parseMonitoringLocationId(id, 'RWSD'), id).toBeNull();
  });

  it('turns a list into location numbers, dropping ids that name none', () => {
    expect(locationNumbersOf(['RWSD-1', 'USGS-06904500', '2', 'RWSD-1'], 'RWSD')).toEqual([1, 2]);
  });
});

describe('USGS parameter codes', () => {
  it('are five digits', () => {
    for (const ok of ['00060', '00065', '72019']) expect(USGS_PARAMETER_CODE.test(ok)).toBe(true);
    for (const bad of ['60', '000600', 'abcde', '0006O', '']) expect(USGS_PARAMETER_CODE.test(bad)).toBe(false);
  });
});
