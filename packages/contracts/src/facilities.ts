import { z } from 'zod';

/** A facility as listed for navigation (sidebar groups, facility list). */
export const displayFacilitySchema = z.object({
  facility_ndx: z.number().int(),
  facility_name: z.string(),
  facility_type_ndx: z.number().int(),
  facility_type_desc: z.string(),
  display_order: z.number().int(),
});
export type DisplayFacility = z.infer<typeof displayFacilitySchema>;

export const facilityNdxParamsSchema = z.object({
  ndx: z.coerce.number({ message: 'facility number must be a whole number' }).int('facility number must be a whole number').positive('facility number must be positive'),
});
