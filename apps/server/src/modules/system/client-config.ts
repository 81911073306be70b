import type { ClientConfig } from '@portal/contracts';
import type { AppConfig } from '../../config';

/**
 * The public configuration the web app needs before signing in. It is the same for every caller
 * and for the life of the process: GET /api/config answers it, and every page's HTML carries it.
 */
export function clientConfigOf(config: AppConfig): ClientConfig {
  return {
    oidcAuthority: config.oidc.issuer,
    oidcClientId: config.oidc.clientId,
    oidcAudience: config.oidc.audience,
    rolesClaim: config.oidc.rolesClaim,
    basemaps: config.basemaps,
    version: config.version,
    environment: config.environment,
    districtTimeZone: config.districtTimeZone,
  };
}
