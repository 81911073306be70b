import { z } from 'zod';

/** Public client configuration the SPA needs before it can sign in. */
export const clientConfigSchema = z.object({
  oidcAuthority: z.string().describe('Issuer URL of the OpenID Connect provider'),
  oidcClientId: z.string(),
  oidcAudience: z.string(),
  rolesClaim: z.string().describe('Name of the claim in the access token that holds role names'),
  basemaps: z.enum(['online', 'offline']),
  version: z.string(),
  environment: z.string(),
  districtTimeZone: z.string().describe('IANA time zone of the district: calendar days and displayed times (DISTRICT_TIME_ZONE)'),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/**
 * The id of the JSON data block (`<script type="application/json">`) in which every page's HTML
 * carries the client configuration, so the app starts with it instead of asking GET /api/config.
 */
export const CLIENT_CONFIG_ELEMENT_ID = 'client-config';

/** The signed-in user as the API sees them. */
export const currentUserSchema = z.object({
  sub: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  nickname: z.string().nullable(),
  roles: z.array(z.string()),
  landingPagePath: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
