import { z } from 'zod';

/** Names served by the generic lookup endpoints GET /api/{name} and /api/{name}/{id}. */
export const LOOKUP_NAMES = [
  'list_facility_types_united_only',
  'list-facility-types-united-only',
  'list-location-types',
  'list-waterbodies',
  'list-units',
  'list-sources',
  'list-import-delimiter',
  'list-parameters',
  'list-locations',
  'list-counties',
  'list-alert-types',
  'list-parameter-groups',
] as const;
export type LookupName = (typeof LOOKUP_NAMES)[number];

export const lookupRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export const lookupListSchema = z.array(lookupRowSchema);

export const lookupParamsSchema = z.object({ name: z.string().max(100) });
export const lookupItemParamsSchema = z.object({
  name: z.string().max(100),
  id: z.coerce.number({ message: 'id must be a whole number' }).int('id must be a whole number').min(0, 'id must not be negative'),
});
