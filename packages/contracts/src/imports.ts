import { z } from 'zod';

/**
 * Imports Configuration: the import sources, their form and their runs.
 * `frequency` and `interval_period` travel as text such as '30 minutes' and are shown in minutes.
 */

/** What a new import source starts with. */
export const IMPORT_DEFAULTS = {
  enabled: true,
  run_now: true,
  file_fieldcount: 30,
  file_header_rowcount: 1,
  delimiter_ndx: 2,
  frequency_minutes: 30,
  retain_days: -1,
  history_days: 20,
  apply_daylightsavings_offset: 0,
} as const;

/** 0 none; 1 one hour added during daylight saving; 2 one hour subtracted during standard time. */
export const DAYLIGHT_OFFSET_OPTIONS = [
  { value: 0, label: 'None (local clock time)' },
  { value: 1, label: '+1 hour during daylight saving' },
  { value: 2, label: '−1 hour during standard time' },
] as const;

/** Upper bounds that keep numbers inside PostgreSQL's integer and interval types. */
export const IMPORT_LIMITS = {
  maxMinutes: 527_040, // 366 days
  maxDays: 36_600, // 100 years
  maxCount: 10_000,
  maxText: 1_000,
  maxNotes: 4_000,
} as const;

/** Minutes as the text the API exchanges: 30 -> '30 minutes'. */
export function minutesToDuration(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

const DURATION_PATTERN = /^\s*(\d{1,9})\s*(minutes?|mins?|hours?|hrs?|days?)?\s*$/i;
const UNIT_MINUTES: Record<string, number> = { min: 1, hou: 60, hrs: 60, hr: 60, day: 1440 };

/** '30 minutes', '2 hours', '1 day' or a bare number of minutes -> minutes; null when unreadable. */
export function durationToMinutes(text: string): number | null {
  const m = DURATION_PATTERN.exec(text);
  if (!m) return null;
  const unit = (m[2] ?? 'min').toLowerCase();
  const factor = UNIT_MINUTES[unit.slice(0, 3)] ?? UNIT_MINUTES[unit] ?? 1;
  return Number(m[1]) * factor;
}

const durationText = (label: string) =>
  z
    .string({ error: `${label} must be text such as '30 minutes'` })
    .max(40, `${label} must be text such as '30 minutes'`)
    .refine((v) => durationToMinutes(v) !== null, `${label} must be text such as '30 minutes'`)
    .refine((v) => (durationToMinutes(v) ?? 0) <= IMPORT_LIMITS.maxMinutes, `${label} must be at most ${IMPORT_LIMITS.maxMinutes} minutes`);

const reference = (label: string) =>
  z
    .number({
      error: (iss) => (iss.input === undefined || iss.input === null ? `${label} is required` : `${label} must be a whole number`),
    })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(2_147_483_647, `${label} is out of range`);

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const optionalText = (label: string, max: number = IMPORT_LIMITS.maxText) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

/** Body of POST and PUT /api/import-data-sources (PUT replaces the record; omitted optional fields take their defaults). */
export const importSourceInputSchema = z.strictObject(
  {
    location_ndx: reference('Location'),
    parameter_ndx: reference('Parameter'),
    datasrc_ndx: reference('Data Source'),
    unit_ndx: reference('Incoming Units'),
    delimiter_ndx: reference('Text File Delimiter').default(IMPORT_DEFAULTS.delimiter_ndx),
    enabled: z.boolean({ error: 'enabled must be true or false' }).default(IMPORT_DEFAULTS.enabled),
    run_now: z.boolean({ error: 'run_now must be true or false' }).default(IMPORT_DEFAULTS.run_now),
    frequency: durationText('frequency').default(minutesToDuration(IMPORT_DEFAULTS.frequency_minutes)),
    history_days: wholeNumber('history_days', 0, IMPORT_LIMITS.maxDays).default(IMPORT_DEFAULTS.history_days),
    retain_days: wholeNumber('retain_days', -1, IMPORT_LIMITS.maxDays).default(IMPORT_DEFAULTS.retain_days),
    apply_daylightsavings_offset: z
      .union([z.literal(0), z.literal(1), z.literal(2)], { error: 'apply_daylightsavings_offset must be 0, 1 or 2' })
      .default(IMPORT_DEFAULTS.apply_daylightsavings_offset),
    file_path: optionalText('file_path'),
    file_name: optionalText('file_name'),
    file_fieldcount: wholeNumber('file_fieldcount', 0, IMPORT_LIMITS.maxCount).default(IMPORT_DEFAULTS.file_fieldcount),
    file_header_rowcount: wholeNumber('file_header_rowcount', 0, IMPORT_LIMITS.maxCount).default(IMPORT_DEFAULTS.file_header_rowcount),
    column_position_date: wholeNumber('column_position_date', 0, IMPORT_LIMITS.maxCount)
      .nullish()
      .transform((v) => v ?? null),
    column_position_time: wholeNumber('column_position_time', 0, IMPORT_LIMITS.maxCount)
      .nullish()
      .transform((v) => v ?? null),
    column_position_value: wholeNumber('column_position_value', 0, IMPORT_LIMITS.maxCount)
      .nullish()
      .transform((v) => v ?? null),
    source_site_id: optionalText('source_site_id'),
    source_site_metadata: optionalText('source_site_metadata'),
    /** USGS method (sensor) id to import when a site has several for the parameter; empty = the run picks one and says so. */
    source_method_id: reference('source_method_id')
      .nullish()
      .transform((v) => v ?? null),
    interval_period: durationText('interval_period')
      .nullish()
      .transform((v) => v ?? null),
    interval_metadata: optionalText('interval_metadata'),
    notes: optionalText('notes', IMPORT_LIMITS.maxNotes),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `Unknown field(s): ${iss.keys.join(', ')}` : undefined) },
);
export type ImportSourceInput = z.output<typeof importSourceInputSchema>;
export type ImportSourceInputBody = z.input<typeof importSourceInputSchema>;

export const importNdxParamsSchema = z.object({
  import_ndx: z.coerce
    .number({ error: 'import number must be a whole number' })
    .int('import number must be a whole number')
    .positive('import number must be positive')
    .max(2_147_483_647, 'import number is out of range'),
});

/** 'warning': the run worked but needs a look (an empty answer, a sensor picked without configuration). */
export const IMPORT_RUN_STATUSES = ['running', 'succeeded', 'warning', 'failed', 'partial'] as const;

/** One recorded run of a source (the Processing Status section). */
export const importRunSchema = z.object({
  import_run_ndx: z.number().int(),
  import_ndx: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  status: z.enum(IMPORT_RUN_STATUSES),
  rows_read: z.number().int(),
  rows_inserted: z.number().int(),
  rows_updated: z.number().int(),
  rows_unchanged: z.number().int(),
  rows_skipped: z.number().int(),
  /** Rows left out on purpose: older than history_days, or a no-reading marker (not errors). */
  rows_ignored: z.number().int(),
  first_errors: z.array(z.object({ line: z.number().int().nullable(), message: z.string() })),
  message: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;

export const importRunsQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(20),
});

/** A source as the API returns it: stored fields, the names behind its keys and its latest run. */
export const importSourceSchema = z.object({
  import_ndx: z.number().int(),
  location_ndx: z.number().int(),
  location_name: z.string(),
  parameter_ndx: z.number().int(),
  parameter_name: z.string(),
  datasrc_ndx: z.number().int(),
  data_source: z.string(),
  /** file, usgs, cdss, manual or demo: decides which fields the engine reads. */
  datasrc_kind: z.string(),
  unit_ndx: z.number().int(),
  unit_desc: z.string(),
  delimiter_ndx: z.number().int(),
  delimiter_desc: z.string(),
  enabled: z.boolean(),
  run_now: z.boolean(),
  last_retrieval: z.string().nullable(),
  next_retrieval: z.string().nullable(),
  frequency: z.string(),
  history_days: z.number().int(),
  retain_days: z.number().int(),
  apply_daylightsavings_offset: z.number().int(),
  file_path: z.string().nullable(),
  file_name: z.string().nullable(),
  file_fieldcount: z.number().int(),
  file_header_rowcount: z.number().int(),
  column_position_date: z.number().int().nullable(),
  column_position_time: z.number().int().nullable(),
  column_position_value: z.number().int().nullable(),
  source_site_id: z.string().nullable(),
  source_site_metadata: z.string().nullable(),
  source_method_id: z.number().int().nullable(),
  interval_period: z.string().nullable(),
  interval_metadata: z.string().nullable(),
  notes: z.string().nullable(),
  /** Newest timestamp the source has stored; web requests resume from here (a failed run does not move it). */
  imported_through: z.string().nullable(),
  last_run: importRunSchema.omit({ first_errors: true }).nullable(),
});
export type ImportSource = z.infer<typeof importSourceSchema>;

export const runNowResultSchema = z.object({
  import_ndx: z.number().int(),
  run_now: z.literal(true),
  /** False when no job queue is installed in the database yet; the scheduler then picks the source up. */
  queued: z.boolean(),
});
export type RunNowResult = z.infer<typeof runNowResultSchema>;

/** The import form's lookups: the choices of its dropdowns. */
export const importLocationOptionSchema = z.object({ location_ndx: z.number().int(), location_name: z.string() });
export const importParameterOptionSchema = z.object({ parameter_ndx: z.number().int(), parameter_name: z.string() });
export const importDataSourceOptionSchema = z.object({ datasrc_ndx: z.number().int(), data_source: z.string(), kind: z.string() });
export const importUnitOptionSchema = z.object({ unit_ndx: z.number().int(), unit_desc: z.string() });
export const importDelimiterOptionSchema = z.object({ delimiter_ndx: z.number().int(), delimiter_desc: z.string() });
