import { describe, expect, it } from 'vitest';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';
import { ConfigError, DEMO_PASSWORD_DEFAULT, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.oidc).toMatchObject({
      embedded: true,
      issuer: 'http://localhost:3000/oidc',
      audience: 'http://localhost:3000/api',
      clientId: 'portal-web',
    });
    expect(c.seedDemo).toBe('auto');
    expect(c.basemaps).toBe('online');
    expect(c.demoPassword).toBe(DEMO_PASSWORD_DEFAULT);
    expect(c.demoPasswordIsDefault).toBe(true);
    expect(c.importRoot.endsWith('/data/imports')).toBe(true);
    expect(c.districtTimeZone).toBe(DEFAULT_DISTRICT_TIME_ZONE);
  });

  it('bounds heavy open data pages by default, a caller never above the whole', () => {
    expect(loadConfig({}).openDataHeavyPages).toEqual({
      pageFeatures: 1000,
      concurrent: 4,
      perCaller: 2,
      queue: 8,
      queuePerCaller: 2,
      maxWaitMs: 30_000,
    });
    expect(loadConfig({ HEAVY_PAGES_AT_ONCE: '1', HEAVY_PAGES_QUEUE: '0' }).openDataHeavyPages).toMatchObject({
      concurrent: 1,
      perCaller: 1,
      queue: 0,
      queuePerCaller: 0,
    });
  });

  it('reads the demo history and the statistics years as bounded whole numbers', () => {
    expect(loadConfig({}).demoHistoryYears).toBe(20);
    expect(loadConfig({ DEMO_HISTORY_YEARS: '2' }).demoHistoryYears).toBe(2);
    expect(() => loadConfig({ DEMO_HISTORY_YEARS: '0' })).toThrow(/DEMO_HISTORY_YEARS.*1-40/);
    expect(() => loadConfig({ DEMO_HISTORY_YEARS: 'many' })).toThrow(ConfigError);
    expect(loadConfig({ STATS_MIN_YEARS: '5' }).statsMinYears).toBe(5);
  });

  it('reads DISTRICT_TIME_ZONE as an IANA zone', () => {
    expect(loadConfig({ DISTRICT_TIME_ZONE: 'America/Phoenix' }).districtTimeZone).toBe('America/Phoenix');
  });

  it('derives URLs from PORT and treats empty values as unset', () => {
    const c = loadConfig({ PORT: '4100', DATABASE_URL: '' });
    expect(c.publicUrl).toBe('http://localhost:4100');
    expect(c.databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc', /^Invalid PORT="abc": expected a port number 1-65535/],
    ['PORT', '70000', /^Invalid PORT="70000": expected a port number 1-65535/],
    ['DATABASE_URL', 'mysql://x', /^Invalid DATABASE_URL="mysql:\/\/x": expected a postgres:\/\/ or postgresql:\/\/ connection URL/],
    ['SEED_DEMO', 'maybe', /^Invalid SEED_DEMO="maybe": expected .*auto.*yes.*no/],
    ['BASEMAPS', 'sometimes', /^Invalid BASEMAPS="sometimes": expected online or offline/],
    ['LOG_LEVEL', 'loud', /^Invalid LOG_LEVEL="loud": expected one of fatal, error/],
    ['SMTP_URL', 'mail.example.org', /^Invalid SMTP_URL="mail.example.org": expected an smtp:\/\//],
    ['OIDC_ISSUER', 'not a url', /^Invalid OIDC_ISSUER="not a url": expected the absolute URL/],
    ['DEMO_PASSWORD', 'short', /^Invalid DEMO_PASSWORD="short": expected at least 8 characters/],
    ['CAMERA_TIMEOUT_MS', 'soon', /^Invalid CAMERA_TIMEOUT_MS="soon": expected milliseconds, 100-120000/],
    ['DISTRICT_TIME_ZONE', 'Mountain Time', /^Invalid DISTRICT_TIME_ZONE="Mountain Time": expected an IANA time zone name/],
    ['DISTRICT_TIME_ZONE', 'Mars/Olympus', /^Invalid DISTRICT_TIME_ZONE="Mars\/Olympus": expected an IANA time zone name/],
    ['CAMERA_TIMEOUT_MS', '50', /^Invalid CAMERA_TIMEOUT_MS="50": expected milliseconds, 100-120000/],
    ['SCADA_URL', 'scada.example.org', /^Invalid SCADA_URL="scada.example.org": expected an absolute http\(s\) URL/],
    ['HEAVY_PAGES_AT_ONCE', '0', /^Invalid HEAVY_PAGES_AT_ONCE="0": expected a whole number 1-64/],
    ['HEAVY_PAGE_FEATURES', 'many', /^Invalid HEAVY_PAGE_FEATURES="many": expected a whole number 1-50000/],
  ])('stops with one clear line for a bad %s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('needs an audience when an external issuer is configured', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.org/' })).toThrow(/OIDC_AUDIENCE/);
    const c = loadConfig({
      OIDC_ISSUER: 'https://id.example.org/',
      OIDC_AUDIENCE: 'https://portal.example.org/api',
      ROLES_CLAIM: 'https://portal/roles',
    });
    expect(c.oidc).toMatchObject({ embedded: false, issuer: 'https://id.example.org', rolesClaim: 'https://portal/roles' });
  });

  it('reads DATABASE_READ_URL as one replica or a comma list, needs DATABASE_URL, and never echoes it', () => {
    const primary = 'postgres://app:pw@db-primary:5432/portal';
    expect(loadConfig({ DATABASE_URL: primary })).toMatchObject({ databaseReadUrls: [], databaseReadMaxLagSeconds: 5 });
    const c = loadConfig({
      DATABASE_URL: primary,
      DATABASE_READ_URL: 'postgres://app:pw@replica-1/portal, postgresql://app:pw@replica-2:6432/portal',
      DATABASE_READ_MAX_LAG: '12',
    });
    expect(c.databaseReadUrls).toEqual(['postgres://app:pw@replica-1/portal', 'postgresql://app:pw@replica-2:6432/portal']);
    expect(c.databaseReadMaxLagSeconds).toBe(12);
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://app:pw@replica-1/portal' })).toThrow(
      /^Invalid DATABASE_READ_URL: expected DATABASE_URL as well/,
    );
    const bad = () => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'postgres://app:secret@replica-1/portal,mysql://x' });
    expect(bad).toThrow(/^Invalid DATABASE_READ_URL=\(hidden\): expected a postgres:\/\/ URL of a streaming replica/);
    expect(bad).not.toThrow(/secret/);
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_MAX_LAG: '0' })).toThrow(
      /^Invalid DATABASE_READ_MAX_LAG="0": expected seconds, 1-3600/,
    );
  });

  it('reads the USGS Water Data API settings and never echoes the API key', () => {
    const d = loadConfig({});
    expect(d.usgsWaterDataUrl).toBe('https://api.waterdata.usgs.gov/ogcapi/v0');
    expect(d.usgsApiKey).toBeUndefined();
    const c = loadConfig({ USGS_WATER_DATA_URL: 'http://127.0.0.1:8080/ogcapi/v0/', USGS_API_KEY: 'key-123' });
    expect(c).toMatchObject({ usgsWaterDataUrl: 'http://127.0.0.1:8080/ogcapi/v0', usgsApiKey: 'key-123' });
    expect(() => loadConfig({ USGS_WATER_DATA_URL: 'api.waterdata' })).toThrow(
      /^Invalid USGS_WATER_DATA_URL="api.waterdata": expected an absolute/,
    );
    const secret = 'k'.repeat(201);
    expect(() => loadConfig({ USGS_API_KEY: secret })).toThrow(
      /^Invalid USGS_API_KEY=\(hidden\): expected an API key of at most 200 characters/,
    );
    expect(() => loadConfig({ USGS_API_KEY: secret })).not.toThrow(secret);
  });

  it('links the SCADA site only when SCADA_URL is set', () => {
    expect(loadConfig({}).scadaUrl).toBeUndefined();
    expect(loadConfig({ SCADA_URL: 'https://scada.example.org/' }).scadaUrl).toBe('https://scada.example.org/');
  });
});
