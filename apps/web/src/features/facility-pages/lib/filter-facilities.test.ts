import { describe, expect, it } from 'vitest';
import { filterFacilities } from './filter-facilities';

const f = (facility_ndx: number, facility_name: string, facility_type_desc: string) => ({
  facility_ndx,
  facility_name,
  facility_type_ndx: 1,
  facility_type_desc,
  facility_type_icon: null,
  display_order: 0,
});
const all = [
  f(1, 'Well Field 1', 'Wells'),
  f(2, 'Milton Reservoir Storage', 'Storage/Reservoirs'),
  f(3, 'Evans Recharge Ponds', 'Recharge'),
];

describe('filterFacilities', () => {
  it('keeps everything for an empty or blank search', () => {
    expect(filterFacilities(all, '   ').map((x) => x.facility_ndx)).toEqual([1, 2, 3]);
  });
  it('matches every word against name and type, ignoring case', () => {
    expect(filterFacilities(all, 'WELL').map((x) => x.facility_ndx)).toEqual([1]);
    expect(filterFacilities(all, 'storage milton').map((x) => x.facility_ndx)).toEqual([2]);
    expect(filterFacilities(all, 'recharge wells')).toEqual([]);
  });
});
