import { z } from 'zod';
import { FIELD_ERROR_PARTS, type ApiFieldError } from './field-errors';

/** One refused input value: where it was (body, querystring, params, headers), its dotted path there, and why. */
export const apiFieldErrorSchema = z.object({
  in: z.enum(FIELD_ERROR_PARTS),
  path: z.string().describe('Dotted path inside the part, e.g. "contact_name"; empty for the part as a whole'),
  message: z.string().describe('The message alone, without the path'),
}) satisfies z.ZodType<ApiFieldError>;

/** The one error shape every API error uses. */
export const apiErrorSchema = z.object({
  error: z.string().describe('Short error name, e.g. "Bad Request"'),
  message: z.string().describe('Readable explanation for the client'),
  fields: z.array(apiFieldErrorSchema).optional().describe('For refused input: each value refused, so a form can show it at its field'),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
