import { z } from 'zod';
import { BASEMAP_MODES, type ClientConfig } from './client-config';

/** Public client configuration the SPA needs before it can sign in. */
export const clientConfigSchema = z.object({
  oidcAuthority: z.string().describe('Issuer URL of the OpenID Connect provider'),
  oidcClientId: z.string(),
  oidcAudience: z.string(),
  rolesClaim: z.string().describe('Name of the claim in the access token that holds role names'),
  basemaps: z.enum(BASEMAP_MODES),
  version: z.string(),
  environment: z.string(),
  districtTimeZone: z.string().describe('IANA time zone of the district: calendar days and displayed times (DISTRICT_TIME_ZONE)'),
}) satisfies z.ZodType<ClientConfig>;

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
