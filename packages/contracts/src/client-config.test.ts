import { describe, expect, it } from 'vitest';
import { clientConfigSchema } from './auth';
import { isClientConfig } from './client-config';

describe('isClientConfig', () => {
  it('agrees with the client configuration schema on every case', () => {
    const config = {
      oidcAuthority: 'http://localhost:3000/oidc',
      oidcClientId: 'portal-web',
      oidcAudience: 'portal-api',
      rolesClaim: 'roles',
      basemaps: 'offline',
      version: '0.1.0',
      environment: 'production',
      districtTimeZone: 'America/Denver',
    };
    const cases: unknown[] = [
      config,
      { ...config, basemaps: 'online' },
      { ...config, basemaps: 'satellite' },
      ...Object.keys(config).map((key) => ({ ...config, [key]: undefined })),
      ...Object.keys(config).map((key) => ({ ...config, [key]: 7 })),
      [config],
      'config',
      null,
    ];
    for (const value of cases) expect(isClientConfig(value), JSON.stringify(value)).toBe(clientConfigSchema.safeParse(value).success);
  });
});
