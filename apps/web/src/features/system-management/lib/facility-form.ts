import { z } from 'zod';
import { SETUP_MESSAGES, type FacilityInputBody, type SetupFacility } from '@portal/contracts';

/** The Facilities Setup editor's values; number inputs hold text while typing. */
const REQUIRED = SETUP_MESSAGES.required;

const optionalNumber = z
  .string()
  .trim()
  .refine((v) => v === '' || /^-?\d+(\.\d+)?$/.test(v), 'Must be a number');

export const facilityFormSchema = z
  .object({
    facility_name: z.string().trim().min(1, REQUIRED).max(200, 'At most 200 characters'),
    facility: z.string().max(200, 'At most 200 characters'),
    facility_type_ndx: z
      .number()
      .int()
      .positive()
      .nullable()
      .refine((v) => v !== null, REQUIRED),
    display_order: z
      .string()
      .trim()
      .superRefine((v, ctx) => {
        if (v === '') ctx.addIssue({ code: 'custom', message: REQUIRED });
        else if (!/^\d+$/.test(v)) ctx.addIssue({ code: 'custom', message: 'Must be a whole number, 0 or more' });
      }),
    notes: z.string().max(4000, 'At most 4000 characters'),
    axis2_min: optionalNumber,
    axis2_max: optionalNumber,
    array_parameter_ndx: z.array(z.number().int().positive()),
  })
  .superRefine((v, ctx) => {
    if (v.axis2_min.trim() !== '' && v.axis2_max.trim() !== '' && Number(v.axis2_min) > Number(v.axis2_max)) {
      ctx.addIssue({ code: 'custom', path: ['axis2_max'], message: 'Must not be below the minimum' });
    }
  });
export type FacilityFormValues = z.input<typeof facilityFormSchema>;

export function newFacilityFormValues(): FacilityFormValues {
  return {
    facility_name: '',
    facility: '',
    facility_type_ndx: null,
    display_order: '0',
    notes: '',
    axis2_min: '',
    axis2_max: '',
    array_parameter_ndx: [],
  };
}

export function facilityFormValuesFrom(f: SetupFacility): FacilityFormValues {
  return {
    facility_name: f.facility_name,
    facility: f.facility ?? '',
    facility_type_ndx: f.facility_type_ndx,
    display_order: String(f.display_order),
    notes: f.notes ?? '',
    axis2_min: f.axis2_min === null ? '' : String(f.axis2_min),
    axis2_max: f.axis2_max === null ? '' : String(f.axis2_max),
    array_parameter_ndx: [...f.array_parameter_ndx],
  };
}

const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));
const textOrNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The body for the API; the widget order is kept as stored (it is not edited here). */
export function facilityFormToInput(v: FacilityFormValues, widgetOrder: readonly string[]): FacilityInputBody {
  return {
    facility_name: v.facility_name.trim(),
    facility: textOrNull(v.facility),
    facility_type_ndx: v.facility_type_ndx as number,
    display_order: Number(v.display_order),
    notes: textOrNull(v.notes),
    axis2_min: numberOrNull(v.axis2_min),
    axis2_max: numberOrNull(v.axis2_max),
    widget_order: [...widgetOrder],
    array_parameter_ndx: [...v.array_parameter_ndx],
  };
}
