import { z } from 'zod';

/**
 * Personal API keys: a signed-in user makes keys for their scripts, which then read the open data
 * API and the portal's read routes with that user's access (never more), until the key expires,
 * is revoked or the account changes.
 */

/** Every key starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'wp_';
/** The part of a key shown in lists: the prefix and the first characters of its secret (not enough to use it). */
export const API_KEY_SHOWN_CHARS = 11;
/** The lifetimes offered; a key always expires, at most a year after it was made. */
export const API_KEY_LIFETIMES_DAYS = [30, 90, 365] as const;
export const API_KEY_MAX_DAYS = 365;
/** Keys a user may hold at once (live or not yet cleaned up); revoked and expired ones are listed until removed. */
export const API_KEYS_PER_USER = 20;
/** What a script sends: `X-Api-Key: <key>` or `Authorization: Bearer <key>`. */
export const API_KEY_HEADER = 'x-api-key';
/** A key's form: the prefix and 43 base64url characters (32 random bytes). */
export const API_KEY_PATTERN = /^wp_[A-Za-z0-9_-]{43}$/;

export const API_KEY_MESSAGES = {
  nameRequired: 'Give the key a name, such as the script that uses it',
  nameTooLong: 'A key name has at most 80 characters',
  lifetime: 'Choose how long the key lasts: 30, 90 or 365 days',
  tooMany: `You hold ${API_KEYS_PER_USER} keys already: revoke one before making another`,
  notFound: 'No such API key among yours',
  created: 'API key created. Copy it now: it is shown only once.',
  revoked: 'API key revoked',
} as const;

export const apiKeyCreateSchema = z
  .object({
    name: z.string().trim().min(1, API_KEY_MESSAGES.nameRequired).max(80, API_KEY_MESSAGES.nameTooLong),
    lifetimeDays: z
      .number({ message: API_KEY_MESSAGES.lifetime })
      .int(API_KEY_MESSAGES.lifetime)
      .refine((d) => (API_KEY_LIFETIMES_DAYS as readonly number[]).includes(d), API_KEY_MESSAGES.lifetime),
  })
  .strict();
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shownPrefix: z.string().describe('The start of the key (not a secret), to tell keys apart'),
  createdAt: z.string().describe('ISO 8601 instant'),
  expiresAt: z.string().describe('ISO 8601 instant'),
  lastUsedAt: z.string().nullable().describe('ISO 8601 instant, to the minute; null when never used'),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The answer to a creation: the key itself, shown once and never again. */
export const apiKeyCreatedSchema = z.object({ key: apiKeySchema, secret: z.string().describe('The whole key; shown only now') });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyParamsSchema = z
  .object({
    id: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 53),
  })
  .strict();
