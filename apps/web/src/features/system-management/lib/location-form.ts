import { z } from 'zod';
import { HEX_COLOR_PATTERN, SETUP_MESSAGES, type LocationInputBody, type SetupLocation } from '@portal/contracts';

/**
 * The Locations Setup editor's values. Number inputs hold text while typing (an empty field is
 * not 0); the shared API contract checks what is finally sent, with the same messages.
 */
const { required: REQUIRED, hexColor: HEX, coordinate: COORDINATE } = SETUP_MESSAGES;

/** Marker coordinates are shown with 5 decimals. */
export const COORDINATE_DECIMALS = 5;
export const formatCoordinate = (value: number) => value.toFixed(COORDINATE_DECIMALS);

const requiredText = z.string().trim().min(1, REQUIRED).max(200, 'At most 200 characters');
const choice = z
  .number()
  .int()
  .positive()
  .nullable()
  .refine((v) => v !== null, REQUIRED);

const coordinateText = (limit: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^-?\d+(\.\d+)?$/.test(v) && Math.abs(Number(v)) <= limit), COORDINATE);

export const locationFormSchema = z
  .object({
    location_id: requiredText,
    location_display_label: requiredText,
    location_name: requiredText,
    location_type_ndx: choice,
    waterbody_ndx: choice,
    legend_color: z.string().trim().regex(HEX_COLOR_PATTERN, HEX),
    display_order: z
      .string()
      .trim()
      .superRefine((v, ctx) => {
        if (v === '') ctx.addIssue({ code: 'custom', message: REQUIRED });
        else if (!/^\d+$/.test(v)) ctx.addIssue({ code: 'custom', message: 'Must be a whole number, 0 or more' });
      }),
    notes: z.string().max(4000, 'At most 4000 characters'),
    latitude: coordinateText(90),
    longitude: coordinateText(180),
    exclude_from_map: z.boolean(),
    linked_excel_include: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const lat = v.latitude.trim();
    const lon = v.longitude.trim();
    if ((lat === '') !== (lon === ''))
      ctx.addIssue({ code: 'custom', path: [lat === '' ? 'latitude' : 'longitude'], message: 'Set both coordinates, or neither' });
  });
export type LocationFormValues = z.input<typeof locationFormSchema>;

/** A new location is shown on the map and included in the linked Excel workbook. */
export function newLocationFormValues(): LocationFormValues {
  return {
    location_id: '',
    location_display_label: '',
    location_name: '',
    location_type_ndx: null,
    waterbody_ndx: null,
    legend_color: '',
    display_order: '0',
    notes: '',
    latitude: '',
    longitude: '',
    exclude_from_map: false,
    linked_excel_include: true,
  };
}

export function locationFormValuesFrom(l: SetupLocation): LocationFormValues {
  return {
    location_id: l.location_id,
    location_display_label: l.location_display_label,
    location_name: l.location_name,
    location_type_ndx: l.location_type_ndx,
    waterbody_ndx: l.waterbody_ndx,
    legend_color: l.legend_color ?? '',
    display_order: String(l.display_order),
    notes: l.notes ?? '',
    latitude: l.latitude === null ? '' : formatCoordinate(l.latitude),
    longitude: l.longitude === null ? '' : formatCoordinate(l.longitude),
    exclude_from_map: l.exclude_from_map,
    linked_excel_include: l.linked_excel_include,
  };
}

const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

export function locationFormToInput(v: LocationFormValues): LocationInputBody {
  return {
    location_id: v.location_id.trim(),
    location_display_label: v.location_display_label.trim(),
    location_name: v.location_name.trim(),
    location_type_ndx: v.location_type_ndx as number,
    waterbody_ndx: v.waterbody_ndx as number,
    legend_color: v.legend_color.trim(),
    display_order: Number(v.display_order),
    notes: v.notes.trim() === '' ? null : v.notes.trim(),
    latitude: numberOrNull(v.latitude),
    longitude: numberOrNull(v.longitude),
    exclude_from_map: v.exclude_from_map,
    linked_excel_include: v.linked_excel_include,
  };
}

/** The coordinates of the form as a map point, or null while they are empty or invalid. */
export function formPoint(latitude: string, longitude: string): [number, number] | null {
  const lat = Number(latitude);
  const lon = Number(longitude);
  if (latitude.trim() === '' || longitude.trim() === '' || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return [lon, lat];
}
