import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_DISTRICT_TIME_ZONE, isValidTimeZone } from '@portal/contracts';
import type { ConcurrencyLimits } from './http/concurrency-bound';

/**
 * The only reader of process.env. Every variable is validated; a bad value stops start-up
 * with one line naming the variable and what it expects (see README "Configuration").
 */
const booleanish = z.enum(['auto', 'yes', 'no']);

/** A whole number from min to max, from an environment variable. */
const count = (min: number, max: number) =>
  z.coerce
    .number({ message: `a whole number ${min}-${max}` })
    .int(`a whole number ${min}-${max}`)
    .min(min, `a whole number ${min}-${max}`)
    .max(max, `a whole number ${min}-${max}`);

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'a port number 1-65535' })
    .int('a whole port number')
    .min(1, 'a port number 1-65535')
    .max(65535, 'a port number 1-65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// or postgresql:// connection URL')
    .optional(),
  DATABASE_READ_URL: z
    .string()
    .refine(
      (v) => v.split(',').every((part) => /^postgres(ql)?:\/\/\S+$/.test(part.trim())),
      'a postgres:// URL of a streaming replica, or a comma list of them',
    )
    .optional(),
  DATABASE_READ_MAX_LAG: z.coerce.number({ message: 'seconds, 1-3600' }).min(1, 'seconds, 1-3600').max(3600, 'seconds, 1-3600').default(5),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.string().url('an absolute http(s) URL such as http://localhost:3000').optional(),
  OGC_AGENCY_CODE: z
    .string()
    .regex(/^[A-Za-z0-9]{1,10}$/, '1 to 10 letters or digits (no hyphen), e.g. RWSD')
    .default('RWSD'),
  OGC_AGENCY_NAME: z.string().min(1).max(200).optional(),
  OIDC_ISSUER: z.string().url('the absolute URL of an OpenID Connect issuer').optional(),
  OIDC_AUDIENCE: z.string().min(1, 'a non-empty audience').optional(),
  OIDC_CLIENT_ID: z.string().min(1, 'a non-empty client id').default('portal-web'),
  ROLES_CLAIM: z.string().min(1, 'a non-empty claim name').default('https://water-portal/roles'),
  DEMO_PASSWORD: z.string().min(8, 'at least 8 characters').optional(),
  SEED_DEMO: booleanish.default('auto').describe('auto, yes or no'),
  DEMO_HISTORY_YEARS: z.coerce
    .number({ message: 'a whole number of years, 1-40' })
    .int('a whole number of years, 1-40')
    .min(1, 'a whole number of years, 1-40')
    .max(40, 'a whole number of years, 1-40')
    .default(20),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.org:587')
    .optional(),
  ALERTS_FROM: z.string().min(3, 'a sender such as "Water Portal Alerts <alerts@example.org>"').optional(),
  IMPORT_ROOT: z.string().min(1).default('./data/imports'),
  STATS_MIN_YEARS: z.coerce
    .number({ message: 'a whole number of years, 1-100' })
    .int('a whole number of years, 1-100')
    .min(1, 'a whole number of years, 1-100')
    .max(100, 'a whole number of years, 1-100')
    .default(10),
  USGS_BASE_URL: z
    .string()
    .url('an absolute http(s) URL such as https://waterservices.usgs.gov/nwis')
    .default('https://waterservices.usgs.gov/nwis'),
  USGS_WATER_DATA_URL: z
    .string()
    .url('an absolute http(s) URL such as https://api.waterdata.usgs.gov/ogcapi/v0')
    .default('https://api.waterdata.usgs.gov/ogcapi/v0'),
  USGS_API_KEY: z.string().min(1).max(200, 'an API key of at most 200 characters').optional(),
  CDSS_BASE_URL: z
    .string()
    .url('an absolute http(s) URL such as https://dwr.state.co.us/Rest/GET/api/v2')
    .default('https://dwr.state.co.us/Rest/GET/api/v2'),
  CAMERA_MASKS_DIR: z.string().min(1).optional(),
  CAMERA_TIMEOUT_MS: z.coerce
    .number({ message: 'milliseconds, 100-120000' })
    .int('whole milliseconds')
    .min(100, 'milliseconds, 100-120000')
    .max(120000, 'milliseconds, 100-120000')
    .default(10000),
  BASEMAPS: z.enum(['online', 'offline'], { message: 'online or offline' }).default('online'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty'], { message: 'auto, json or pretty' }).default('auto'),
  DISTRICT_TIME_ZONE: z
    .string()
    .refine(isValidTimeZone, 'an IANA time zone name such as America/Denver')
    .default(DEFAULT_DISTRICT_TIME_ZONE),
  WORKERS: booleanish.default('auto'),
  NODE_ENV: z.string().default('production'),
  TRUST_PROXY: z
    .string()
    .refine(
      (v) => v.split(',').every((part) => isProxyAddress(part.trim())),
      'a comma list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal), such as 127.0.0.1 or 10.0.0.0/8',
    )
    .optional(),
  HEAVY_PAGE_FEATURES: count(1, 50_000).default(1000).describe('an open data items page above this many features is heavy'),
  HEAVY_PAGES_AT_ONCE: count(1, 64).default(4),
  HEAVY_PAGES_PER_CALLER: count(1, 64).default(2),
  HEAVY_PAGES_QUEUE: count(0, 1000).default(8),
  HEAVY_PAGES_QUEUE_EACH: count(0, 1000).default(2),
  HEAVY_PAGES_WAIT_MS: count(100, 600_000).default(30_000),
  OIDC_ACCESS_TOKEN_TYPE: z.string().min(1, 'a JOSE typ value such as at+jwt').default('at+jwt'),
  SCADA_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'an absolute http(s) URL such as https://scada.example.org/')
    .optional(),
});

/** One TRUST_PROXY entry: an address, a CIDR range, or one of proxy-addr's named ranges. */
function isProxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address, prefix, ...rest] = value.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export type Env = z.infer<typeof envSchema>;

/** Variables whose values start-up errors must not print. */
const SECRET_VARIABLES = new Set(['USGS_API_KEY', 'DATABASE_READ_URL']);

export interface AppConfig {
  port: number;
  host: string;
  /** Set when an external PostgreSQL is used; otherwise embedded PostgreSQL starts. */
  databaseUrl: string | undefined;
  /** Streaming replicas the read-only heavy routes read from (DATABASE_READ_URL); empty = all reads on the primary. */
  databaseReadUrls: string[];
  /** A replica further behind the primary than this serves no reads until it catches up. */
  databaseReadMaxLagSeconds: number;
  dataDir: string;
  publicUrl: string;
  /** The open data API's agency: the code before the hyphen of monitoring location ids (RWSD-12), and its name. */
  ogcAgency: { code: string; name: string | null };
  oidc: {
    /** True when the embedded oidc-provider serves /oidc. */
    embedded: boolean;
    issuer: string;
    audience: string;
    clientId: string;
    rolesClaim: string;
    /** The JOSE `typ` header access tokens must carry (RFC 9068: at+jwt). */
    accessTokenType: string;
  };
  /**
   * Addresses of reverse proxies whose X-Forwarded-* headers are believed (TRUST_PROXY);
   * false = none: the client address is the socket's, and forwarded headers are ignored.
   */
  trustProxy: string[] | false;
  demoPassword: string;
  /** True when DEMO_PASSWORD was not set and the documented demo default is in use. */
  demoPasswordIsDefault: boolean;
  seedDemo: 'auto' | 'yes' | 'no';
  /** Years of daily history the demo seed gives its gauges and wells (DEMO_HISTORY_YEARS; default 20). */
  demoHistoryYears: number;
  smtpUrl: string | undefined;
  /** Sender of alert messages (ALERTS_FROM; default alerts@ the PUBLIC_URL host). */
  alertsFrom: string;
  importRoot: string;
  /** Years of daily means a day of year needs before it is ranked by percentiles (STATS_MIN_YEARS). */
  statsMinYears: number;
  /** USGS Water Services (NWIS) base; the import engine appends /iv/ or /dv/. */
  usgsBaseUrl: string;
  /** USGS Water Data OGC API base; the import engine appends /collections/{collection}/items. */
  usgsWaterDataUrl: string;
  /** Optional USGS API key, sent as X-Api-Key on every Water Data API request; never logged or shown. */
  usgsApiKey: string | undefined;
  /** Colorado DWR HydroBase REST v2 base (CDSS). */
  cdssBaseUrl: string;
  /** Folder of the river cameras' privacy mask PNGs (camera.mask_file_name names a file here). */
  cameraMasksDir: string;
  /** How long the camera proxy waits for a camera's snapshot. */
  cameraTimeoutMs: number;
  basemaps: 'online' | 'offline';
  /** IANA zone of the district's calendar days, daily rollups and displayed times. */
  districtTimeZone: string;
  logLevel: Env['LOG_LEVEL'];
  /** pretty: readable lines; json: one JSON object per line; auto: pretty in a terminal. */
  logFormat: Env['LOG_FORMAT'];
  runWorkers: boolean;
  environment: string;
  /** The product version from the root package.json. */
  version: string;
  /** The district's SCADA site, linked from /admin/ignition-demo; unset = no link. */
  scadaUrl: string | undefined;
  /**
   * Open data items pages above `pageFeatures` features are heavy: at most `concurrent` run at
   * once (`perCaller` per caller), `queue` wait their turn for up to `maxWaitMs`, the rest are 429
   * (HEAVY_PAGE*; decision 0043).
   */
  openDataHeavyPages: ConcurrencyLimits & { pageFeatures: number };
}

/** Documented demo-only default; printed at start-up so nobody mistakes it for a secret. */
export const DEMO_PASSWORD_DEFAULT = 'demo-water-2026';

export class ConfigError extends Error {}

/** Parses an environment (process.env by default) into the app configuration. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    // A secret's value is never echoed, not even a wrong one.
    const got = SECRET_VARIABLES.has(name) ? '(hidden)' : JSON.stringify(cleaned[name] ?? '');
    throw new ConfigError(`Invalid ${name}=${got}: expected ${issue.message.replace(/^Invalid input: /, '')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const embedded = !e.OIDC_ISSUER;
  if (!embedded && !e.OIDC_AUDIENCE) {
    throw new ConfigError('Invalid OIDC_AUDIENCE="": expected the API audience of the external issuer when OIDC_ISSUER is set');
  }
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid DATABASE_READ_URL: expected DATABASE_URL as well (read replicas stream from an external primary, not the embedded PostgreSQL)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrls: e.DATABASE_READ_URL ? e.DATABASE_READ_URL.split(',').map((u) => u.trim()) : [],
    databaseReadMaxLagSeconds: e.DATABASE_READ_MAX_LAG,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl,
    ogcAgency: { code: e.OGC_AGENCY_CODE, name: e.OGC_AGENCY_NAME ?? null },
    oidc: {
      embedded,
      issuer: (e.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/$/, ''),
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      clientId: e.OIDC_CLIENT_ID,
      rolesClaim: e.ROLES_CLAIM,
      accessTokenType: e.OIDC_ACCESS_TOKEN_TYPE,
    },
    trustProxy: e.TRUST_PROXY ? e.TRUST_PROXY.split(',').map((p) => p.trim()) : false,
    demoPassword: e.DEMO_PASSWORD ?? DEMO_PASSWORD_DEFAULT,
    demoPasswordIsDefault: !e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO,
    demoHistoryYears: e.DEMO_HISTORY_YEARS,
    smtpUrl: e.SMTP_URL,
    alertsFrom: e.ALERTS_FROM ?? `Water Portal Alerts <alerts@${new URL(publicUrl).hostname}>`,
    importRoot: path.resolve(e.IMPORT_ROOT),
    statsMinYears: e.STATS_MIN_YEARS,
    usgsBaseUrl: e.USGS_BASE_URL.replace(/\/+$/, ''),
    usgsWaterDataUrl: e.USGS_WATER_DATA_URL.replace(/\/+$/, ''),
    usgsApiKey: e.USGS_API_KEY,
    cdssBaseUrl: e.CDSS_BASE_URL.replace(/\/+$/, ''),
    cameraMasksDir: path.resolve(e.CAMERA_MASKS_DIR ?? path.join(e.DATA_DIR, 'camera-masks')),
    cameraTimeoutMs: e.CAMERA_TIMEOUT_MS,
    basemaps: e.BASEMAPS,
    districtTimeZone: e.DISTRICT_TIME_ZONE,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    runWorkers: e.WORKERS !== 'no',
    environment: e.NODE_ENV,
    version: readVersion(),
    scadaUrl: e.SCADA_URL,
    openDataHeavyPages: {
      pageFeatures: e.HEAVY_PAGE_FEATURES,
      concurrent: e.HEAVY_PAGES_AT_ONCE,
      perCaller: Math.min(e.HEAVY_PAGES_PER_CALLER, e.HEAVY_PAGES_AT_ONCE),
      queue: e.HEAVY_PAGES_QUEUE,
      queuePerCaller: Math.min(e.HEAVY_PAGES_QUEUE_EACH, e.HEAVY_PAGES_QUEUE),
      maxWaitMs: e.HEAVY_PAGES_WAIT_MS,
    },
  };
}

function readVersion(): string {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json');
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
