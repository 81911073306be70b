import { z } from 'zod';

/**
 * Data review and approval contract: non-destructive corrections of one series (location x
 * parameter), automatic checks' flags and approval that locks a reviewed period.
 *
 * GET  /api/data-review/series/{locationNdx}/{parameterNdx}?start&end[&asOf]  the rows, raw and corrected
 * POST /api/data-review/series/{locationNdx}/{parameterNdx}/edits              one change, 201 { editId }
 * GET  /api/data-review/series/{locationNdx}/{parameterNdx}/edits              the changes, newest first
 * POST /api/data-review/edits/{editId}/undo                                    undo one change
 * GET  /api/data-review/flagged-periods                                        flagged periods to look at first
 */

export const APPROVAL_STATUSES = ['Provisional', 'Approved'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const DATA_REVIEW_ACTIONS = ['delete', 'set', 'offset', 'drift', 'flag', 'unflag', 'approve', 'unapprove'] as const;
export type DataReviewAction = (typeof DATA_REVIEW_ACTIONS)[number];

/** How each action is named on the page and in the list of changes. */
export const DATA_REVIEW_ACTION_LABELS: Record<DataReviewAction, string> = {
  delete: 'Delete',
  set: 'Set value',
  offset: 'Offset',
  drift: 'Drift correction',
  flag: 'Flag',
  unflag: 'Unflag',
  approve: 'Approve',
  unapprove: 'Unapprove',
};

/** Actions that change values (refused with 409 inside an approved range). */
export const VALUE_CHANGING_ACTIONS: readonly DataReviewAction[] = ['delete', 'set', 'offset', 'drift', 'flag', 'unflag'];

/** The qualifiers the automatic checks write; they flag values and never change them. */
export const CHECK_QUALIFIERS = {
  range: 'RANGE',
  spike: 'SPIKE',
  flat: 'FLAT',
  gap: 'GAP',
} as const;
export type CheckKind = keyof typeof CHECK_QUALIFIERS;

/** A qualifier a reviewer may set: letters, digits, '-' and '_', up to 20 characters. */
export const qualifierSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,20}$/, 'A qualifier is 1 to 20 letters, digits, "-" or "_".');

const isoInstant = z
  .string()
  .trim()
  .refine(
    (s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}/.test(s),
    'Enter a date and time as ISO 8601, e.g. 2026-05-01T00:00:00Z.',
  )
  .refine((s) => {
    const y = new Date(s).getUTCFullYear();
    return y >= 1900 && y <= 2200;
  }, 'The date must be between the years 1900 and 2200.');

export const dataReviewSeriesParamsSchema = z.object({
  locationNdx: z.coerce.number().int().positive(),
  parameterNdx: z.coerce.number().int().positive(),
});
export type DataReviewSeriesParams = z.infer<typeof dataReviewSeriesParamsSchema>;

/** At most this many days in one read of the review rows (a year of 15-minute values). */
export const DATA_REVIEW_MAX_DAYS = 366;

export const dataReviewSeriesQuerySchema = z
  .object({ start: isoInstant, end: isoInstant, asOf: isoInstant.optional() })
  .refine((q) => Date.parse(q.start) < Date.parse(q.end), { message: 'The start must be before the end.', path: ['end'] })
  .refine((q) => Date.parse(q.end) - Date.parse(q.start) <= DATA_REVIEW_MAX_DAYS * 86_400_000, {
    message: `Choose at most ${DATA_REVIEW_MAX_DAYS} days.`,
    path: ['end'],
  });
export type DataReviewSeriesQuery = z.infer<typeof dataReviewSeriesQuerySchema>;

export interface DataReviewRow {
  /** ISO instant (UTC). */
  time: string;
  /** The value as it arrived; null where no raw value exists (a value only a 'set' made). */
  raw: number | null;
  /** The corrected (published) value; null where deleted. */
  value: number | null;
  approval_status: ApprovalStatus;
  qualifiers: string[];
}
export interface DataReviewSeriesResponse {
  location_ndx: number;
  parameter_ndx: number;
  unit: string | null;
  decimals: number;
  rows: DataReviewRow[];
}

export const dataReviewEditBodySchema = z
  .object({
    action: z.enum(DATA_REVIEW_ACTIONS),
    start: isoInstant,
    end: isoInstant,
    value: z.number().finite().optional(),
    endValue: z.number().finite().optional(),
    qualifier: qualifierSchema.optional(),
    comment: z.string().trim().min(1, 'A comment is required.').max(1000, 'A comment is at most 1000 characters.'),
  })
  .refine((b) => Date.parse(b.start) <= Date.parse(b.end), { message: 'The start must not be after the end.', path: ['end'] })
  .refine((b) => !['set', 'offset', 'drift'].includes(b.action) || b.value !== undefined, {
    message: 'Enter a value.',
    path: ['value'],
  })
  .refine((b) => b.action !== 'drift' || b.endValue !== undefined, { message: 'Enter the offset at the end.', path: ['endValue'] })
  .refine((b) => !['flag', 'unflag'].includes(b.action) || b.qualifier !== undefined, {
    message: 'Enter a qualifier.',
    path: ['qualifier'],
  });
export type DataReviewEditBody = z.infer<typeof dataReviewEditBodySchema>;

export interface DataReviewEditCreated {
  editId: number;
}

export interface DataReviewEdit {
  editId: number;
  action: DataReviewAction;
  start: string;
  end: string;
  value: number | null;
  endValue: number | null;
  qualifier: string | null;
  comment: string;
  /** Who made it (the account's name or e-mail). */
  user: string;
  at: string;
  undone: boolean;
  undoneAt: string | null;
  undoneBy: string | null;
  /** Values the change touched when it was saved. */
  affected: number;
}
export interface DataReviewEditsResponse {
  edits: DataReviewEdit[];
}

export const dataReviewEditIdParamsSchema = z.object({ editId: z.coerce.number().int().positive() });

/** A run of consecutive flagged values of one series, for the page's "look at these first" list. */
export interface FlaggedPeriod {
  location_ndx: number;
  parameter_ndx: number;
  location_label: string;
  parameter_name: string;
  qualifier: string;
  start: string;
  end: string;
  count: number;
}
export interface FlaggedPeriodsResponse {
  periods: FlaggedPeriod[];
}

/** The automatic checks of one parameter (null turns a check off). */
export const parameterChecksSchema = z
  .object({
    check_min: z.number('Enter a number.').finite('Enter a number.').nullable(),
    check_max: z.number('Enter a number.').finite('Enter a number.').nullable(),
    /** Largest change between consecutive values, per hour, before a value is a spike. */
    check_max_rate_per_hour: z.number('Enter a number.').positive('Enter a change above 0.').finite('Enter a number.').nullable(),
    /** This many equal consecutive readings or more make a flat line (a stuck sensor). */
    check_flat_readings: z
      .number('Enter a whole number.')
      .int('Enter a whole number.')
      .min(2, 'Enter 2 to 10,000 readings.')
      .max(10_000, 'Enter 2 to 10,000 readings.')
      .nullable(),
    /** A longer silence than this many minutes between consecutive values is a gap. */
    check_gap_minutes: z
      .number('Enter a whole number.')
      .int('Enter a whole number.')
      .min(1, 'Enter 1 to 525,600 minutes (a year).')
      .max(525_600, 'Enter 1 to 525,600 minutes (a year).')
      .nullable(),
  })
  .refine((c) => c.check_min === null || c.check_max === null || c.check_min < c.check_max, {
    message: 'The minimum must be below the maximum.',
    path: ['check_max'],
  });
export type ParameterChecks = z.infer<typeof parameterChecksSchema>;

/** The answers' schemas (the server serialises with them; the interfaces above are their shapes). */
export const dataReviewSeriesResponseSchema = z.object({
  location_ndx: z.number().int(),
  parameter_ndx: z.number().int(),
  unit: z.string().nullable(),
  decimals: z.number().int(),
  rows: z.array(
    z.object({
      time: z.string(),
      raw: z.number().nullable(),
      value: z.number().nullable(),
      approval_status: z.enum(APPROVAL_STATUSES),
      qualifiers: z.array(z.string()),
    }),
  ),
}) satisfies z.ZodType<DataReviewSeriesResponse>;

export const dataReviewEditCreatedSchema = z.object({ editId: z.number().int() }) satisfies z.ZodType<DataReviewEditCreated>;

export const dataReviewEditsResponseSchema = z.object({
  edits: z.array(
    z.object({
      editId: z.number().int(),
      action: z.enum(DATA_REVIEW_ACTIONS),
      start: z.string(),
      end: z.string(),
      value: z.number().nullable(),
      endValue: z.number().nullable(),
      qualifier: z.string().nullable(),
      comment: z.string(),
      user: z.string(),
      at: z.string(),
      undone: z.boolean(),
      undoneAt: z.string().nullable(),
      undoneBy: z.string().nullable(),
      affected: z.number().int(),
    }),
  ),
}) satisfies z.ZodType<DataReviewEditsResponse>;

export const flaggedPeriodsResponseSchema = z.object({
  periods: z.array(
    z.object({
      location_ndx: z.number().int(),
      parameter_ndx: z.number().int(),
      location_label: z.string(),
      parameter_name: z.string(),
      qualifier: z.string(),
      start: z.string(),
      end: z.string(),
      count: z.number().int(),
    }),
  ),
}) satisfies z.ZodType<FlaggedPeriodsResponse>;

/**
 * GET /api/data-review/parameter-checks lists every parameter's checks;
 * PUT /api/data-review/parameter-checks/{parameterNdx} with parameterChecksSchema changes one.
 */
export const parameterChecksParamsSchema = z.object({ parameterNdx: z.coerce.number().int().positive() });
const parameterChecksFields = {
  check_min: z.number().nullable(),
  check_max: z.number().nullable(),
  check_max_rate_per_hour: z.number().nullable(),
  check_flat_readings: z.number().int().nullable(),
  check_gap_minutes: z.number().int().nullable(),
};
export const parameterChecksRowSchema = z.object({
  parameter_ndx: z.number().int(),
  parameter_name: z.string(),
  ...parameterChecksFields,
});
export type ParameterChecksRow = z.infer<typeof parameterChecksRowSchema>;
export const parameterChecksListSchema = z.object({ parameters: z.array(parameterChecksRowSchema) });
export type ParameterChecksList = z.infer<typeof parameterChecksListSchema>;
