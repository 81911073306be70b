import { z } from 'zod';

/** The one error shape every API error uses. */
export const apiErrorSchema = z.object({
  error: z.string().describe('Short error name, e.g. "Bad Request"'),
  message: z.string().describe('Readable explanation for the client'),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
