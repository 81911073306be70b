import { z } from 'zod';
import {
  durationToMinutes,
  IMPORT_DEFAULTS,
  IMPORT_LIMITS,
  importSourceInputSchema,
  minutesToDuration,
  type ImportSource,
  type ImportSourceInputBody,
} from '@portal/contracts';

/**
 * The editor's values. Number inputs hold text while typing (an empty field is not 0);
 * the shared API contract validates what is finally sent.
 */
const REQUIRED = '*Required field';

const choice = z.number({ error: REQUIRED }).int().positive(REQUIRED);

const wholeText = (min: number, max: number, required: boolean) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') {
        if (required) ctx.addIssue({ code: 'custom', message: REQUIRED });
        return;
      }
      if (!/^-?\d+$/.test(v)) ctx.addIssue({ code: 'custom', message: 'Must be a whole number' });
      else if (Number(v) < min) ctx.addIssue({ code: 'custom', message: `Must be at least ${min}` });
      else if (Number(v) > max) ctx.addIssue({ code: 'custom', message: `Must be at most ${max}` });
    });

const text = (max: number) => z.string().max(max, `At most ${max} characters`);

export const importFormSchema = z.object({
  enabled: z.boolean(),
  run_now: z.boolean(),
  frequency: wholeText(0, IMPORT_LIMITS.maxMinutes, true),
  history_days: wholeText(0, IMPORT_LIMITS.maxDays, true),
  retain_days: wholeText(-1, IMPORT_LIMITS.maxDays, true),
  apply_daylightsavings_offset: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  location_ndx: choice.nullable().refine((v) => v !== null, REQUIRED),
  parameter_ndx: choice.nullable().refine((v) => v !== null, REQUIRED),
  datasrc_ndx: choice.nullable().refine((v) => v !== null, REQUIRED),
  unit_ndx: choice.nullable().refine((v) => v !== null, REQUIRED),
  source_site_id: text(IMPORT_LIMITS.maxText),
  source_site_metadata: text(IMPORT_LIMITS.maxText),
  source_method_id: wholeText(1, 2_147_483_647, false),
  interval_period: wholeText(0, IMPORT_LIMITS.maxMinutes, false),
  interval_metadata: text(IMPORT_LIMITS.maxText),
  notes: text(IMPORT_LIMITS.maxNotes),
  file_path: text(IMPORT_LIMITS.maxText),
  file_name: text(IMPORT_LIMITS.maxText),
  delimiter_ndx: choice.nullable().refine((v) => v !== null, REQUIRED),
  file_fieldcount: wholeText(0, IMPORT_LIMITS.maxCount, true),
  file_header_rowcount: wholeText(0, IMPORT_LIMITS.maxCount, true),
  column_position_date: wholeText(0, IMPORT_LIMITS.maxCount, false),
  column_position_time: wholeText(0, IMPORT_LIMITS.maxCount, false),
  column_position_value: wholeText(0, IMPORT_LIMITS.maxCount, false),
});
export type ImportFormValues = z.input<typeof importFormSchema>;

const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const minutesText = (duration: string | null) => (duration === null ? '' : str(durationToMinutes(duration)));

/** What a new record starts with (IMPORT_DEFAULTS in contracts). */
export function newImportFormValues(): ImportFormValues {
  return {
    enabled: IMPORT_DEFAULTS.enabled,
    run_now: IMPORT_DEFAULTS.run_now,
    frequency: str(IMPORT_DEFAULTS.frequency_minutes),
    history_days: str(IMPORT_DEFAULTS.history_days),
    retain_days: str(IMPORT_DEFAULTS.retain_days),
    apply_daylightsavings_offset: IMPORT_DEFAULTS.apply_daylightsavings_offset,
    location_ndx: null,
    parameter_ndx: null,
    datasrc_ndx: null,
    unit_ndx: null,
    source_site_id: '',
    source_site_metadata: '',
    source_method_id: '',
    interval_period: '',
    interval_metadata: '',
    notes: '',
    file_path: '',
    file_name: '',
    delimiter_ndx: IMPORT_DEFAULTS.delimiter_ndx,
    file_fieldcount: str(IMPORT_DEFAULTS.file_fieldcount),
    file_header_rowcount: str(IMPORT_DEFAULTS.file_header_rowcount),
    column_position_date: '',
    column_position_time: '',
    column_position_value: '',
  };
}

export function importFormValuesFrom(s: ImportSource): ImportFormValues {
  return {
    enabled: s.enabled,
    run_now: s.run_now,
    frequency: minutesText(s.frequency),
    history_days: str(s.history_days),
    retain_days: str(s.retain_days),
    apply_daylightsavings_offset: s.apply_daylightsavings_offset as 0 | 1 | 2,
    location_ndx: s.location_ndx,
    parameter_ndx: s.parameter_ndx,
    datasrc_ndx: s.datasrc_ndx,
    unit_ndx: s.unit_ndx,
    source_site_id: s.source_site_id ?? '',
    source_site_metadata: s.source_site_metadata ?? '',
    source_method_id: str(s.source_method_id),
    interval_period: minutesText(s.interval_period),
    interval_metadata: s.interval_metadata ?? '',
    notes: s.notes ?? '',
    file_path: s.file_path ?? '',
    file_name: s.file_name ?? '',
    delimiter_ndx: s.delimiter_ndx,
    file_fieldcount: str(s.file_fieldcount),
    file_header_rowcount: str(s.file_header_rowcount),
    column_position_date: str(s.column_position_date),
    column_position_time: str(s.column_position_time),
    column_position_value: str(s.column_position_value),
  };
}

const num = (v: string) => (v.trim() === '' ? null : Number(v));

/** The API body ('30 minutes' text for intervals), checked against the shared contract. */
export function importFormToInput(v: ImportFormValues): ImportSourceInputBody {
  const body: ImportSourceInputBody = {
    location_ndx: v.location_ndx!,
    parameter_ndx: v.parameter_ndx!,
    datasrc_ndx: v.datasrc_ndx!,
    unit_ndx: v.unit_ndx!,
    delimiter_ndx: v.delimiter_ndx!,
    enabled: v.enabled,
    run_now: v.run_now,
    frequency: minutesToDuration(Number(v.frequency)),
    history_days: Number(v.history_days),
    retain_days: Number(v.retain_days),
    apply_daylightsavings_offset: v.apply_daylightsavings_offset,
    file_path: v.file_path,
    file_name: v.file_name,
    file_fieldcount: Number(v.file_fieldcount),
    file_header_rowcount: Number(v.file_header_rowcount),
    column_position_date: num(v.column_position_date),
    column_position_time: num(v.column_position_time),
    column_position_value: num(v.column_position_value),
    source_site_id: v.source_site_id,
    source_site_metadata: v.source_site_metadata,
    source_method_id: num(v.source_method_id),
    interval_period: v.interval_period.trim() === '' ? null : minutesToDuration(Number(v.interval_period)),
    interval_metadata: v.interval_metadata,
    notes: v.notes,
  };
  importSourceInputSchema.parse(body);
  return body;
}
