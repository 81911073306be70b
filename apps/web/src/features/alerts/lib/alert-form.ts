import { z } from 'zod';
import { ALERT_LIMITS, ALERT_MESSAGES, type AlertParameterOption, type AlertRequest, type AlertRequestInputBody } from '@portal/contracts';

/**
 * The alert form's values and rules. Number inputs hold
 * text while typing; the API contract validates what is finally sent.
 */
const REQUIRED = ALERT_MESSAGES.required;

const choice = z
  .number()
  .int()
  .positive()
  .nullable()
  .refine((v) => v !== null, REQUIRED);

const nonNegativeText = (max: number) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') return void ctx.addIssue({ code: 'custom', message: REQUIRED });
      const n = Number(v);
      if (!Number.isFinite(n)) ctx.addIssue({ code: 'custom', message: 'Must be a number' });
      else if (n < 0) ctx.addIssue({ code: 'custom', message: 'Must be at least 0' });
      else if (n > max) ctx.addIssue({ code: 'custom', message: `Must be at most ${max}` });
    });

const text = (max: number) => z.string().max(max, `At most ${max} characters`);

export const alertFormSchema = z
  .object({
    enabled: z.boolean({ error: REQUIRED }),
    alert_type_ndx: choice,
    location_ndx: choice,
    parameter_ndx: z.number().int().positive().nullable(),
    trigger_value: nonNegativeText(ALERT_LIMITS.maxTrigger),
    reset_hours: nonNegativeText(ALERT_LIMITS.maxResetHours),
    merged_address_ndx: z
      .string()
      .nullable()
      .refine((v) => v !== null && v !== '', REQUIRED),
    custom_subject: text(ALERT_LIMITS.maxText),
    custom_loc_name: text(ALERT_LIMITS.maxText),
    notes: text(ALERT_LIMITS.maxNotes),
  })
  .superRefine((v, ctx) => {
    // '*Select a location first' while no location is chosen, '*Required field' after.
    if (v.parameter_ndx === null)
      ctx.addIssue({
        code: 'custom',
        path: ['parameter_ndx'],
        message: v.location_ndx === null ? ALERT_MESSAGES.selectLocationFirst : REQUIRED,
      });
  });
export type AlertFormValues = z.input<typeof alertFormSchema>;

export function newAlertFormValues(): AlertFormValues {
  return {
    enabled: true,
    alert_type_ndx: null,
    location_ndx: null,
    parameter_ndx: null,
    trigger_value: '',
    reset_hours: '',
    merged_address_ndx: null,
    custom_subject: '',
    custom_loc_name: '',
    notes: '',
  };
}

export function alertFormValuesFrom(a: AlertRequest): AlertFormValues {
  return {
    enabled: a.enabled,
    alert_type_ndx: a.alert_type_ndx,
    location_ndx: a.location_ndx,
    parameter_ndx: a.parameter_ndx,
    trigger_value: String(a.trigger_value),
    reset_hours: String(a.reset_hours),
    merged_address_ndx: a.merged_address_ndx,
    custom_subject: a.custom_subject ?? '',
    custom_loc_name: a.custom_loc_name ?? '',
    notes: a.notes ?? '',
  };
}

/** Valid form values (after the schema passed) as the API body. */
export function alertFormToInput(v: AlertFormValues): AlertRequestInputBody {
  return {
    enabled: v.enabled,
    alert_type_ndx: v.alert_type_ndx!,
    location_ndx: v.location_ndx!,
    parameter_ndx: v.parameter_ndx!,
    trigger_value: Number(v.trigger_value),
    reset_hours: Number(v.reset_hours),
    merged_address_ndx: v.merged_address_ndx!,
    custom_subject: v.custom_subject,
    custom_loc_name: v.custom_loc_name,
    notes: v.notes,
  };
}

/** The parameter choices of a location (they depend on the chosen location). */
export function parametersAt(parameters: readonly AlertParameterOption[], locationNdx: number | null): AlertParameterOption[] {
  if (locationNdx === null) return [];
  return parameters.filter((p) => p.assoc_location_ndx.includes(locationNdx));
}

/** Changing the location keeps the parameter only when the new location measures it. */
export function parameterAfterLocationChange(
  parameters: readonly AlertParameterOption[],
  locationNdx: number | null,
  parameterNdx: number | null,
): number | null {
  if (parameterNdx === null) return null;
  return parametersAt(parameters, locationNdx).some((p) => p.parameter_ndx === parameterNdx) ? parameterNdx : null;
}
