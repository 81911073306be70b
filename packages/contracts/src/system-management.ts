import { z } from 'zod';
import { EDIT_MESSAGES } from './messages';

/**
 * Locations Setup, Facilities Setup and Facilities to Locations Associations.
 * The same schemas validate the editor forms and the API bodies, so a rule is written once.
 */

/** The messages of the setup forms, word for word as the product gives them. */
export const SETUP_MESSAGES = {
  ...EDIT_MESSAGES,
  hexColor: '*Requires valid 6 digit hex code',
  coordinate: 'Invalid coordinate',
} as const;

export const HEX_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;
const MAX_TEXT = 200;
const MAX_NOTES = 4000;
const MAX_INT = 2_147_483_647;

const requiredText = (max = MAX_TEXT) =>
  z.string({ error: SETUP_MESSAGES.required }).trim().min(1, SETUP_MESSAGES.required).max(max, `At most ${max} characters`);

const optionalText = (max = MAX_NOTES) =>
  z
    .string({ error: 'Must be text' })
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

const reference = () =>
  z.number({ error: SETUP_MESSAGES.required }).int(SETUP_MESSAGES.required).positive(SETUP_MESSAGES.required).max(MAX_INT, 'Out of range');

/** display_order: required whole number, minimum 0. */
const displayOrder = () =>
  z.number({ error: SETUP_MESSAGES.required }).int('Must be a whole number').min(0, 'Must be 0 or more').max(MAX_INT, 'Out of range');

const coordinate = (limit: number) =>
  z
    .number({ error: SETUP_MESSAGES.coordinate })
    .min(-limit, SETUP_MESSAGES.coordinate)
    .max(limit, SETUP_MESSAGES.coordinate)
    .nullish()
    .transform((v) => v ?? null);

const unknownKeys = {
  error: (iss: { code: string; keys?: string[] }) =>
    iss.code === 'unrecognized_keys' ? `Unknown field(s): ${(iss.keys ?? []).join(', ')}` : undefined,
};

/** Body of POST data-list-locations and PUT data-list-locations/{id}. */
export const locationInputSchema = z
  .strictObject(
    {
      location_id: requiredText(),
      location_display_label: requiredText(),
      location_name: requiredText(),
      location_type_ndx: reference(),
      waterbody_ndx: reference(),
      legend_color: z.string({ error: SETUP_MESSAGES.hexColor }).regex(HEX_COLOR_PATTERN, SETUP_MESSAGES.hexColor),
      display_order: displayOrder(),
      notes: optionalText(),
      latitude: coordinate(90),
      longitude: coordinate(180),
      exclude_from_map: z.boolean({ error: 'Must be Yes or No' }).default(false),
      linked_excel_include: z.boolean({ error: 'Must be Yes or No' }).default(true),
    },
    unknownKeys,
  )
  .refine((v) => (v.latitude === null) === (v.longitude === null), {
    message: 'Latitude and longitude must both be set or both be empty',
    path: ['longitude'],
  });
export type LocationInput = z.output<typeof locationInputSchema>;
export type LocationInputBody = z.input<typeof locationInputSchema>;

/** A location as Locations Setup reads it (GET data-list-locations and /{id}). */
export const setupLocationSchema = z.object({
  location_ndx: z.number().int(),
  location_id: z.string(),
  location_display_label: z.string(),
  location_name: z.string(),
  location_type_ndx: z.number().int(),
  location_type_desc: z.string(),
  waterbody_ndx: z.number().int(),
  waterbody_name: z.string(),
  legend_color: z.string().nullable(),
  display_order: z.number().int(),
  notes: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  exclude_from_map: z.boolean(),
  linked_excel_include: z.boolean(),
  map_sym_fill_color: z.string().nullable(),
  associated_facilities: z.array(z.string()),
});
export type SetupLocation = z.infer<typeof setupLocationSchema>;

/** A location marker of the setup map (GET locations-map). */
export const locationMapPointSchema = z.object({
  location_ndx: z.number().int(),
  location_display_label: z.string(),
  location_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  legend_color: z.string().nullable(),
  exclude_from_map: z.boolean(),
});
export type LocationMapPoint = z.infer<typeof locationMapPointSchema>;

export const createdLocationSchema = z.object({ location_ndx: z.number().int() });

/** Body of POST data-list-facilities and PUT data-list-facilities/{id}. */
export const facilityInputSchema = z
  .strictObject(
    {
      facility_name: requiredText(),
      facility: optionalText(MAX_TEXT),
      facility_type_ndx: reference(),
      display_order: displayOrder(),
      notes: optionalText(),
      axis2_min: z
        .number({ error: 'Must be a number' })
        .nullish()
        .transform((v) => v ?? null),
      axis2_max: z
        .number({ error: 'Must be a number' })
        .nullish()
        .transform((v) => v ?? null),
      widget_order: z.array(z.string().trim().min(1).max(100), { error: 'Must be a list of widget names' }).max(50).default([]),
      // The parameters the facility's pages and widgets show at its locations; left out: kept as stored.
      array_parameter_ndx: z
        .array(reference(), { error: 'Must be a list of parameters' })
        .max(100, 'At most 100 parameters')
        .refine((v) => new Set(v).size === v.length, 'Each parameter once')
        .optional(),
    },
    unknownKeys,
  )
  .refine((v) => v.axis2_min === null || v.axis2_max === null || v.axis2_min <= v.axis2_max, {
    message: 'The second axis minimum must not exceed its maximum',
    path: ['axis2_max'],
  });
export type FacilityInput = z.output<typeof facilityInputSchema>;
export type FacilityInputBody = z.input<typeof facilityInputSchema>;

/** A facility as Facilities Setup reads it (GET data-list-facilities and /{id}). */
export const setupFacilitySchema = z.object({
  facility_ndx: z.number().int(),
  facility_name: z.string(),
  facility: z.string().nullable(),
  facility_type_ndx: z.number().int(),
  facility_type_desc: z.string(),
  display_order: z.number().int(),
  notes: z.string().nullable(),
  axis2_min: z.number().nullable(),
  axis2_max: z.number().nullable(),
  widget_order: z.array(z.string()),
  /** The facility's series: its locations (in order; they follow its location associations) and parameters. */
  array_location_ndx: z.array(z.number().int()),
  array_parameter_ndx: z.array(z.number().int()),
  /** Parameters measured (configured or with data) at the facility's associated locations. */
  measured_parameter_ndx: z.array(z.number().int()),
  location_count: z.number().int(),
  authorized_users: z.array(z.string()),
});
export type SetupFacility = z.infer<typeof setupFacilitySchema>;

export const createdFacilitySchema = z.object({ facility_ndx: z.number().int() });

/** A location offered on the associations page (GET list-locations-united-only). */
export const unitedLocationSchema = z.object({
  location_ndx: z.number().int(),
  location_name: z.string(),
  location_display_label: z.string(),
  location_type_desc: z.string(),
  waterbody_name: z.string(),
});
export type UnitedLocation = z.infer<typeof unitedLocationSchema>;

export const facilityLocationPairSchema = z.object({
  facility_ndx: z.number().int().positive().max(MAX_INT),
  location_ndx: z.number().int().positive().max(MAX_INT),
});
export type FacilityLocationPair = z.infer<typeof facilityLocationPairSchema>;
/** Body of PUT assoc-locations-facilities/{facility_ndx}: the whole new set for that facility. */
export const facilityLocationSetSchema = z.array(facilityLocationPairSchema).max(10_000);

export const setupIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a whole number' })
    .int('id must be a whole number')
    .positive('id must be positive')
    .max(MAX_INT, 'id is out of range'),
});

/** GET /api/ignition-demo: the SCADA site the Ignition demo page links to (SCADA_URL), null when none is set. */
export const ignitionDemoSchema = z.object({ scada_url: z.string().nullable() });
export type IgnitionDemo = z.infer<typeof ignitionDemoSchema>;
