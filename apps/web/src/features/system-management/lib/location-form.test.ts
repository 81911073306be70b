import { describe, expect, it } from 'vitest';
import { locationInputSchema } from '@portal/contracts';
import { formPoint, locationFormSchema, locationFormToInput, locationFormValuesFrom, newLocationFormValues } from './location-form';

const messages = (values: unknown) => {
  const r = locationFormSchema.safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('Locations Setup form', () => {
  it('starts empty with the location defaults and names every required field', () => {
    const v = newLocationFormValues();
    expect(v).toMatchObject({ exclude_from_map: false, linked_excel_include: true, display_order: '0' });
    expect(messages(v)).toEqual({
      location_id: '*Required field',
      location_display_label: '*Required field',
      location_name: '*Required field',
      location_type_ndx: '*Required field',
      waterbody_ndx: '*Required field',
      legend_color: '*Requires valid 6 digit hex code',
    });
  });

  it("shows the location rules' messages for colour, order and coordinates", () => {
    const ok = {
      ...newLocationFormValues(),
      location_id: 'A',
      location_display_label: 'A',
      location_name: 'A',
      location_type_ndx: 1,
      waterbody_ndx: 1,
      legend_color: '#00aaFF',
    };
    expect(messages(ok)).toEqual({});
    expect(messages({ ...ok, legend_color: '#00aaF' })).toEqual({ legend_color: '*Requires valid 6 digit hex code' });
    expect(messages({ ...ok, display_order: '' })).toEqual({ display_order: '*Required field' });
    expect(messages({ ...ok, display_order: '1.5' })).toEqual({ display_order: 'Must be a whole number, 0 or more' });
    expect(messages({ ...ok, latitude: '95', longitude: '-104' })).toEqual({ latitude: 'Invalid coordinate' });
    expect(messages({ ...ok, latitude: '40', longitude: '-181' })).toEqual({ longitude: 'Invalid coordinate' });
    expect(messages({ ...ok, latitude: '40', longitude: '' })).toEqual({ longitude: 'Set both coordinates, or neither' });
  });

  it('round-trips a record with 5-decimal coordinates into a body the API contract accepts', () => {
    const values = locationFormValuesFrom({
      location_ndx: 3,
      location_id: 'X',
      location_display_label: 'XL',
      location_name: 'Ex',
      location_type_ndx: 1,
      location_type_desc: 't',
      waterbody_ndx: 2,
      waterbody_name: 'w',
      legend_color: '#123456',
      display_order: 4,
      notes: null,
      latitude: 40.123456789,
      longitude: -104.5,
      exclude_from_map: true,
      linked_excel_include: false,
      map_sym_fill_color: null,
      associated_facilities: [],
    });
    expect(values).toMatchObject({ latitude: '40.12346', longitude: '-104.50000', display_order: '4', notes: '' });
    const body = locationFormToInput(values);
    expect(locationInputSchema.parse(body)).toMatchObject({
      latitude: 40.12346,
      longitude: -104.5,
      display_order: 4,
      notes: null,
      exclude_from_map: true,
    });
    expect(formPoint(values.latitude, values.longitude)).toEqual([-104.5, 40.12346]);
    expect(formPoint('', '1')).toBeNull();
  });
});
