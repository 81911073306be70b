import { isRecord } from './plain-checks';

/** How the map's basemaps are served: from the internet, or from the portal's own offline copy. */
export const BASEMAP_MODES = ['online', 'offline'] as const;

/** Public client configuration the SPA needs before it can sign in (clientConfigSchema is its schema). */
export interface ClientConfig {
  /** Issuer URL of the OpenID Connect provider. */
  oidcAuthority: string;
  oidcClientId: string;
  oidcAudience: string;
  /** Name of the claim in the access token that holds role names. */
  rolesClaim: string;
  basemaps: (typeof BASEMAP_MODES)[number];
  version: string;
  environment: string;
  /** IANA time zone of the district: calendar days and displayed times (DISTRICT_TIME_ZONE). */
  districtTimeZone: string;
}

const CLIENT_CONFIG_TEXTS = [
  'oidcAuthority',
  'oidcClientId',
  'oidcAudience',
  'rolesClaim',
  'version',
  'environment',
  'districtTimeZone',
] as const;

/**
 * Whether a value is a client configuration as clientConfigSchema states it, in a plain check:
 * the web reads it on every page's first load, where zod is not loaded.
 */
export function isClientConfig(value: unknown): value is ClientConfig {
  return (
    isRecord(value) &&
    (BASEMAP_MODES as readonly unknown[]).includes(value.basemaps) &&
    CLIENT_CONFIG_TEXTS.every((key) => typeof value[key] === 'string')
  );
}

/**
 * The id of the JSON data block (`<script type="application/json">`) in which every page's HTML
 * carries the client configuration, so the app starts with it instead of asking GET /api/config.
 */
export const CLIENT_CONFIG_ELEMENT_ID = 'client-config';
