import { describe, expect, it } from 'vitest';
import { durationToMinutes, minutesToDuration, type ImportSource } from '@portal/contracts';
import { importFormSchema, importFormToInput, importFormValuesFrom, newImportFormValues } from './import-form';

const messages = (values: unknown) => {
  const r = importFormSchema.safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('imports form', () => {
  it('starts a new record with the import defaults and asks for the required choices', () => {
    const v = newImportFormValues();
    expect(v).toMatchObject({
      enabled: true,
      run_now: true,
      frequency: '30',
      history_days: '20',
      retain_days: '-1',
      delimiter_ndx: 2,
      file_fieldcount: '30',
      file_header_rowcount: '1',
      apply_daylightsavings_offset: 0,
    });
    expect(messages(v)).toEqual({
      location_ndx: '*Required field',
      parameter_ndx: '*Required field',
      datasrc_ndx: '*Required field',
      unit_ndx: '*Required field',
    });
    expect(messages({ ...v, delimiter_ndx: null, frequency: '' })).toMatchObject({
      delimiter_ndx: '*Required field',
      frequency: '*Required field',
    });
  });

  it('checks number fields: whole numbers, minimum 0 (retain_days -1)', () => {
    const v = { ...newImportFormValues(), location_ndx: 1, parameter_ndx: 2, datasrc_ndx: 3, unit_ndx: 4 };
    expect(messages(v)).toEqual({});
    expect(messages({ ...v, history_days: '-1', retain_days: '-2', column_position_date: '1.5', interval_period: '1e3' })).toEqual({
      history_days: 'Must be at least 0',
      retain_days: 'Must be at least -1',
      column_position_date: 'Must be a whole number',
      interval_period: 'Must be a whole number',
    });
  });

  it('sends minutes as duration text and reads them back', () => {
    const v = {
      ...newImportFormValues(),
      location_ndx: 1,
      parameter_ndx: 2,
      datasrc_ndx: 3,
      unit_ndx: 4,
      frequency: '15',
      interval_period: '60',
      column_position_value: '2',
      file_path: '',
    };
    const body = importFormToInput(v);
    expect(body).toMatchObject({
      frequency: '15 minutes',
      interval_period: '60 minutes',
      column_position_value: 2,
      column_position_date: null,
      file_path: '',
    });
    const back = importFormValuesFrom({
      ...(body as unknown as ImportSource),
      frequency: '15 minutes',
      interval_period: '60 minutes',
      file_path: null,
    } as ImportSource);
    expect(back).toMatchObject({
      frequency: '15',
      interval_period: '60',
      column_position_value: '2',
      column_position_date: '',
      file_path: '',
    });
    expect([minutesToDuration(1), durationToMinutes('2 hours'), durationToMinutes('1 day'), durationToMinutes('-5 minutes')]).toEqual([
      '1 minute',
      120,
      1440,
      null,
    ]);
  });
});
