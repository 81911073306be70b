import { describe, expect, it } from 'vitest';
import { allValues, buildLocationFilter, EMPTY_FILTER_VALUES, toggleValue } from './location-filters';

const statuses = [
  { value: 1, display: 'Reporting' },
  { value: 2, display: 'Not Reporting' },
];
const types = [
  { value: 10, display: 'Well' },
  { value: 11, display: 'Stream Gage' },
  { value: 12, display: 'Reservoir' },
];
const options = { reportingStatus: statuses, locationTypes: types };

describe('toggleValue and allValues', () => {
  it('adds a missing value and removes a present one', () => {
    expect(toggleValue([1, 2], 2)).toEqual([1]);
    expect(toggleValue([1], 2)).toEqual([1, 2]);
  });

  it('selects every option', () => {
    expect(allValues(types)).toEqual([10, 11, 12]);
  });
});

describe('buildLocationFilter', () => {
  it('filters nothing before the options load', () => {
    expect(buildLocationFilter(undefined, EMPTY_FILTER_VALUES, {})).toBeNull();
  });

  it('filters nothing when every option of both filters is selected', () => {
    expect(buildLocationFilter(undefined, { reportingStatus: [2, 1], locationTypes: [10, 11, 12] }, options)).toBeNull();
  });

  it('keeps only the selected values of a partly selected filter', () => {
    expect(buildLocationFilter(undefined, { reportingStatus: [1, 2], locationTypes: [10, 12] }, options)).toEqual([
      'in',
      ['get', 'location_type_ndx'],
      ['literal', [10, 12]],
    ]);
  });

  it('hides everything after Select None', () => {
    expect(buildLocationFilter(undefined, { reportingStatus: [], locationTypes: [10, 11, 12] }, options)).toEqual([
      'in',
      ['get', 'reporting_status_ndx'],
      ['literal', []],
    ]);
  });

  it("combines both filters and the layer's own filter with 'all'", () => {
    const base = ['==', ['get', 'is_well_owner'], true];
    expect(buildLocationFilter(base, { reportingStatus: [2], locationTypes: [11] }, options)).toEqual([
      'all',
      base,
      ['in', ['get', 'reporting_status_ndx'], ['literal', [2]]],
      ['in', ['get', 'location_type_ndx'], ['literal', [11]]],
    ]);
    expect(buildLocationFilter(base, { reportingStatus: [1, 2], locationTypes: [10, 11, 12] }, options)).toEqual(base);
  });

  it('does not share the selection array with the expression', () => {
    const selected = [10];
    const filter = buildLocationFilter(undefined, { reportingStatus: [1, 2], locationTypes: selected }, options) as unknown[];
    selected.push(11);
    expect(filter[2]).toEqual(['literal', [10]]);
  });
});
