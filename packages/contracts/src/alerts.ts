import { z } from 'zod';
import { EDIT_MESSAGES } from './messages';

/**
 * Alerts Management, Groups, Contacts and Groups to Contacts Associations, and the alert engine's
 * delivery log (decision 0015).
 */

export const ALERT_LIMITS = { maxText: 1_000, maxNotes: 4_000, maxTrigger: 1e9, maxResetHours: 87_600 } as const;

/** The messages these pages show, word for word as the product gives them. */
export const ALERT_MESSAGES = {
  ...EDIT_MESSAGES,
  selectLocationFirst: '*Select a location first',
} as const;

const ndx = (label: string) =>
  z
    .number({
      error: (iss) => (iss.input === undefined || iss.input === null ? `${label} is required` : `${label} must be a whole number`),
    })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(2_147_483_647, `${label} is out of range`);

const ndxParam = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(2_147_483_647, `${label} is out of range`);

const nonNegative = (label: string, max: number) =>
  z
    .number({ error: (iss) => (iss.input === undefined || iss.input === null ? `${label} is required` : `${label} must be a number`) })
    .min(0, `${label} must be 0 or more`)
    .max(max, `${label} must be at most ${max}`);

const requiredText = (label: string, max: number = ALERT_LIMITS.maxText) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number = ALERT_LIMITS.maxText) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

const strict = {
  error: (iss: { code: string; keys?: string[] }) =>
    iss.code === 'unrecognized_keys' ? `Unknown field(s): ${iss.keys?.join(', ')}` : undefined,
};

// ---------- send-to (the spec's merged_address_ndx) ----------

/** A recipient as one value: 'group-3' (every contact of group 3) or 'contact-5'. */
export const MERGED_ADDRESS_PATTERN = /^(group|contact)-([1-9]\d{0,9})$/;
export type MergedAddress = { kind: 'group' | 'contact'; ndx: number };
export function parseMergedAddress(text: string): MergedAddress | null {
  const m = MERGED_ADDRESS_PATTERN.exec(text);
  if (!m) return null;
  const n = Number(m[2]);
  return n <= 2_147_483_647 ? { kind: m[1] as MergedAddress['kind'], ndx: n } : null;
}
export const mergedAddress = (a: MergedAddress): string => `${a.kind}-${a.ndx}`;

export const sendToOptionSchema = z.object({
  merged_address_ndx: z.string(),
  send_to: z.string(),
  /** The addresses the choice reaches, comma-separated. */
  send_to_details: z.string(),
});
export type SendToOption = z.infer<typeof sendToOptionSchema>;

// ---------- alert requests ----------

export const alertTypeOptionSchema = z.object({ alert_type_ndx: z.number().int(), alert_type: z.string(), comparison: z.string() });
export type AlertTypeOption = z.infer<typeof alertTypeOptionSchema>;
export const alertLocationOptionSchema = z.object({ location_ndx: z.number().int(), location: z.string() });
export type AlertLocationOption = z.infer<typeof alertLocationOptionSchema>;
/** A parameter with the locations that measure it (the form offers it only for those). */
export const alertParameterOptionSchema = z.object({
  parameter_ndx: z.number().int(),
  parameter: z.string(),
  units: z.string().nullable(),
  assoc_location_ndx: z.array(z.number().int()),
});
export type AlertParameterOption = z.infer<typeof alertParameterOptionSchema>;

export const alertRequestInputSchema = z.strictObject(
  {
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    alert_type_ndx: ndx('Alert type'),
    location_ndx: ndx('Location'),
    parameter_ndx: ndx('Parameter'),
    trigger_value: nonNegative('Trigger value', ALERT_LIMITS.maxTrigger),
    reset_hours: nonNegative('Reset hours', ALERT_LIMITS.maxResetHours),
    merged_address_ndx: z
      .string({ error: 'Send Alerts To is required' })
      .refine((v) => parseMergedAddress(v) !== null, "Send Alerts To must be a group or a contact such as 'group-3' or 'contact-5'"),
    custom_subject: optionalText('Custom subject'),
    custom_loc_name: optionalText('Custom location name'),
    notes: optionalText('Notes', ALERT_LIMITS.maxNotes),
  },
  strict,
);
export type AlertRequestInput = z.output<typeof alertRequestInputSchema>;
export type AlertRequestInputBody = z.input<typeof alertRequestInputSchema>;

/** PATCH: one or more changed fields (the table's inline edit sends { enabled }). */
export const alertRequestPatchSchema = alertRequestInputSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change');
export type AlertRequestPatch = z.output<typeof alertRequestPatchSchema>;

export const alertRequestParamsSchema = z.object({ alert_request_ndx: ndxParam('alert number') });

export const alertRequestSchema = z.object({
  alert_request_ndx: z.number().int(),
  enabled: z.boolean(),
  alert_type_ndx: z.number().int(),
  alert_type: z.string(),
  location_ndx: z.number().int(),
  location: z.string(),
  parameter_ndx: z.number().int(),
  parameter: z.string(),
  units: z.string().nullable(),
  trigger_value: z.number(),
  reset_hours: z.number(),
  merged_address_ndx: z.string().nullable(),
  send_to: z.string().nullable(),
  send_to_details: z.string().nullable(),
  custom_subject: z.string().nullable(),
  custom_loc_name: z.string().nullable(),
  notes: z.string().nullable(),
  last_alert_sent: z.string().nullable(),
  last_alert_sent_to_details: z.string().nullable(),
  most_recent_value: z.number().nullable(),
  most_recent_timestamp: z.string().nullable(),
});
export type AlertRequest = z.infer<typeof alertRequestSchema>;

// ---------- delivery log / outbox ----------

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'outbox', 'partial'] as const;
/** What a logged message is about: an alert, or a link an account asked for at the sign-in pages. */
export const MESSAGE_PURPOSES = ['alert', 'password-reset', 'sign-up'] as const;
export const alertDeliverySchema = z.object({
  alert_event_ndx: z.number().int(),
  /** Null for an account message. */
  alert_request_ndx: z.number().int().nullable(),
  purpose: z.enum(MESSAGE_PURPOSES),
  fired_at: z.string(),
  address: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  observed_value: z.number().nullable(),
  observed_timestamp: z.string().nullable(),
  delivery_status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  delivery_error: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;
export const alertDeliveryQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(1000, 'limit must be at most 1000')
    .default(200),
});

// ---------- groups ----------

export const groupInputSchema = z.strictObject({ group_desc: requiredText('Group'), remark: optionalText('Remark') }, strict);
export type GroupInput = z.output<typeof groupInputSchema>;
export const groupSchema = z.object({ group_ndx: z.number().int(), group_desc: z.string(), remark: z.string().nullable() });
export type Group = z.infer<typeof groupSchema>;
export const groupParamsSchema = z.object({ group_ndx: ndxParam('group number') });
/** A group that alerts send to: it cannot be deleted while they do. */
export const groupUsedSchema = z.object({
  group_ndx: z.number().int(),
  group_desc: z.string(),
  alerts: z.array(z.object({ alert_request_ndx: z.number().int(), label: z.string() })),
});
export type GroupUsed = z.infer<typeof groupUsedSchema>;

// ---------- contacts ----------

/** An e-mail address; phones are reached through their carrier's e-mail-to-SMS gateway address (SMS Help). */
const EMAIL_PATTERN = /^[^\s@<>(),;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export function isContactAddress(text: string): boolean {
  return text.length <= 254 && EMAIL_PATTERN.test(text);
}
export const contactInputSchema = z.strictObject(
  {
    contact_address: requiredText('Contact Address', 254).refine(
      isContactAddress,
      'Contact Address must be an e-mail address or a phone gateway address such as 5551234567@vtext.com',
    ),
    contact_name: requiredText('Contact Name'),
    contact_org: requiredText('Contact Organization'),
    remark: optionalText('Remark'),
  },
  strict,
);
export type ContactInput = z.output<typeof contactInputSchema>;
export const contactSchema = z.object({
  contact_ndx: z.number().int(),
  contact_address: z.string(),
  contact_name: z.string(),
  contact_org: z.string(),
  remark: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactParamsSchema = z.object({ contact_ndx: ndxParam('contact number') });

// ---------- associations ----------

export const contactGroupPairSchema = z.strictObject({ group_ndx: ndx('group_ndx'), contact_ndx: ndx('contact_ndx') }, strict);
export type ContactGroupPair = z.infer<typeof contactGroupPairSchema>;
export const contactGroupPairsSchema = z.array(contactGroupPairSchema).max(10_000, 'At most 10000 associations at once');
