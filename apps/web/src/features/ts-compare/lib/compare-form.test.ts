import { describe, expect, it } from 'vitest';
import { toCalendarDay, type TsCompareLocation } from '@portal/contracts';
import { compareFormReducer, initialCompareForm, locationsFor, parametersFor } from './compare-form';

const today = toCalendarDay('2026-11-23')!;
const loc = (location_ndx: number, parameter_ndxs: number[], facility_ndxs: number[]): TsCompareLocation => ({
  location_ndx,
  location_id: `L${location_ndx}`,
  location_display_label: `L${location_ndx}`,
  location_name: `Location ${location_ndx}`,
  latitude: 40,
  longitude: -104.8,
  parameter_ndxs,
  facility_ndxs,
});
const locations = [loc(2, [67], [1]), loc(6, [1539], [2]), loc(7, [67, 1539], [2])];
const parameters = [
  { parameter_ndx: 67, parameter_name: 'Flow', units: 'cfs' },
  { parameter_ndx: 1539, parameter_name: 'Level', units: 'ft' },
];

describe('comparison filter controls', () => {
  it('default to daily from 30 days back, then the default axes once options load', () => {
    const form = compareFormReducer(initialCompareForm(today), { type: 'defaults', parameters, locations });
    expect(form).toMatchObject({ interval: 'daily', start: '2026-10-24', end: '2026-11-23' });
    expect(form.left).toEqual({ parameter: 67, locations: [2] });
    expect(form.right).toEqual({ parameter: 1539, locations: [6] });
  });

  it('fall back to the first series when the default ones do not exist', () => {
    const form = compareFormReducer(initialCompareForm(today), { type: 'defaults', parameters, locations: [loc(9, [67, 1539], [])] });
    expect(form.left).toEqual({ parameter: 67, locations: [9] });
    expect(form.right).toEqual({ parameter: 1539, locations: [9] });
  });

  it('reset the start date when the endpoint changes, and apply quick sets', () => {
    let form = initialCompareForm(today);
    form = compareFormReducer(form, { type: 'interval', interval: '15min', today });
    expect(form.start).toBe('2026-11-20');
    form = compareFormReducer(form, { type: 'interval', interval: 'daily', today });
    expect(form.start).toBe('2026-10-24');
    form = compareFormReducer(form, { type: 'quick', days: 120, today });
    expect([form.start, form.end]).toEqual(['2026-07-26', '2026-11-23']);
  });

  it('clear a side’s locations on a parameter change and everything on a facility change', () => {
    let form = compareFormReducer(initialCompareForm(today), { type: 'defaults', parameters, locations });
    form = compareFormReducer(form, { type: 'parameter', side: 'right', parameter: 67 });
    expect(form.right).toEqual({ parameter: 67, locations: [] });
    expect(form.left.locations).toEqual([2]);
    form = compareFormReducer(form, { type: 'facility', facility: 2 });
    expect([form.left, form.right]).toEqual([
      { parameter: null, locations: [] },
      { parameter: null, locations: [] },
    ]);
  });

  it('pick locations from the map: toggle, left first, then right', () => {
    let form = compareFormReducer(initialCompareForm(today), { type: 'defaults', parameters, locations });
    form = compareFormReducer(form, { type: 'pick', location: locations[2] });
    expect(form.left.locations).toEqual([2, 7]);
    form = compareFormReducer(form, { type: 'pick', location: locations[0] });
    expect(form.left.locations).toEqual([7]);
    form = compareFormReducer(form, { type: 'pick', location: loc(8, [1539], []) });
    expect(form.right.locations).toEqual([6, 8]);
  });

  it('offer locations of the parameter in the facility, and parameters present in the facility', () => {
    expect(locationsFor(locations, 1539, 2).map((l) => l.location_ndx)).toEqual([6, 7]);
    expect(locationsFor(locations, null, null)).toEqual([]);
    expect(parametersFor(parameters, locations, 1).map((p) => p.parameter_ndx)).toEqual([67]);
  });
});
