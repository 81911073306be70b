import { describe, expect, it } from 'vitest';
import { facilityInputSchema } from '@portal/contracts';
import { facilityFormSchema, facilityFormToInput, facilityFormValuesFrom, newFacilityFormValues } from './facility-form';

const messages = (values: unknown) => {
  const r = facilityFormSchema.safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('Facilities Setup form', () => {
  it('requires name, type and display order', () => {
    expect(messages(newFacilityFormValues())).toEqual({ facility_name: '*Required field', facility_type_ndx: '*Required field' });
    expect(messages({ ...newFacilityFormValues(), facility_name: 'F', facility_type_ndx: 1, display_order: '' })).toEqual({
      display_order: '*Required field',
    });
    expect(messages({ ...newFacilityFormValues(), facility_name: 'F', facility_type_ndx: 1, axis2_min: '5', axis2_max: '1' })).toEqual({
      axis2_max: 'Must not be below the minimum',
    });
  });

  it('round-trips a record into a body the API accepts, keeping the widget order', () => {
    const values = facilityFormValuesFrom({
      facility_ndx: 1,
      facility_name: 'Well Field',
      facility: null,
      facility_type_ndx: 2,
      facility_type_desc: 'Wells',
      display_order: 3,
      notes: null,
      axis2_min: 0,
      axis2_max: null,
      widget_order: ['lastfew'],
      array_location_ndx: [],
      array_parameter_ndx: [4, 1],
      measured_parameter_ndx: [1],
      location_count: 0,
      authorized_users: [],
    });
    expect(facilityInputSchema.parse(facilityFormToInput(values, ['lastfew']))).toMatchObject({
      facility_name: 'Well Field',
      facility: null,
      array_parameter_ndx: [4, 1],
      axis2_min: 0,
      axis2_max: null,
      widget_order: ['lastfew'],
    });
  });
});
