import { z } from 'zod';

/**
 * USGS parameter codes of the portal's parameters (System Management → Parameter Codes): the open
 * data API serves a parameter's code as parameter_code, so clients written for USGS find the same
 * series by the same code (00060 discharge, 00065 gage height).
 */

/** A USGS parameter code: five digits. */
export const USGS_PARAMETER_CODE_PATTERN = /^\d{5}$/;
export const PARAMETER_CODE_MESSAGE = 'A USGS parameter code is five digits, e.g. 00060 (discharge); leave it empty for none';

export const parameterCodeRowSchema = z.object({
  parameter_ndx: z.number().int(),
  parameter_name: z.string(),
  unit_desc: z.string().nullable(),
  usgs_parameter_code: z.string().nullable(),
});
export type ParameterCodeRow = z.infer<typeof parameterCodeRowSchema>;
export const parameterCodeListSchema = z.array(parameterCodeRowSchema);

export const parameterCodeParamsSchema = z.object({
  parameterNdx: z.coerce
    .number({ error: 'The parameter number must be a whole number' })
    .int('The parameter number must be a whole number')
    .positive('The parameter number must be positive')
    .max(2_147_483_647, 'The parameter number is out of range'),
});

/** The code to store: five digits, or empty (or null) for none. */
export const parameterCodeUpdateSchema = z.strictObject({
  usgs_parameter_code: z
    .string({ error: PARAMETER_CODE_MESSAGE })
    .trim()
    .refine((v) => v === '' || USGS_PARAMETER_CODE_PATTERN.test(v), PARAMETER_CODE_MESSAGE)
    .transform((v) => (v === '' ? null : v))
    .nullable(),
});
export type ParameterCodeUpdate = z.input<typeof parameterCodeUpdateSchema>;
