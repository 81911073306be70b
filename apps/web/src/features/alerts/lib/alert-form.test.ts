import { describe, expect, it } from 'vitest';
import { alertFormSchema, alertFormToInput, newAlertFormValues, parameterAfterLocationChange, parametersAt } from './alert-form';

const parameters = [
  { parameter_ndx: 1, parameter: 'Flow', units: 'cfs', assoc_location_ndx: [10, 11] },
  { parameter_ndx: 2, parameter: 'Stage', units: 'ft', assoc_location_ndx: [11] },
];

const messages = (values: unknown) => {
  const r = alertFormSchema.safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('alert form', () => {
  it("asks for every required field with '*Required field' and for a location first", () => {
    expect(messages(newAlertFormValues())).toEqual({
      alert_type_ndx: '*Required field',
      location_ndx: '*Required field',
      parameter_ndx: '*Select a location first',
      trigger_value: '*Required field',
      reset_hours: '*Required field',
      merged_address_ndx: '*Required field',
    });
    expect(messages({ ...newAlertFormValues(), location_ndx: 10 }).parameter_ndx).toBe('*Required field');
  });

  it('takes 0 and decimals, refuses negatives, and builds the API body', () => {
    const values = {
      ...newAlertFormValues(),
      alert_type_ndx: 1,
      location_ndx: 10,
      parameter_ndx: 1,
      trigger_value: '0',
      reset_hours: '1.5',
      merged_address_ndx: 'group-2',
    };
    expect(messages(values)).toEqual({});
    expect(messages({ ...values, trigger_value: '-1' }).trigger_value).toBe('Must be at least 0');
    expect(alertFormToInput(values)).toMatchObject({
      trigger_value: 0,
      reset_hours: 1.5,
      merged_address_ndx: 'group-2',
      custom_subject: '',
    });
  });

  it('offers the parameters of the location and drops one the new location does not measure', () => {
    expect(parametersAt(parameters, 10).map((p) => p.parameter)).toEqual(['Flow']);
    expect(parametersAt(parameters, null)).toEqual([]);
    expect(parameterAfterLocationChange(parameters, 11, 2)).toBe(2);
    expect(parameterAfterLocationChange(parameters, 10, 2)).toBeNull();
    expect(parameterAfterLocationChange(parameters, 10, 1)).toBe(1);
  });
});
