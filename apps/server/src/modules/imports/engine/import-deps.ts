import type { AppConfig } from '../../../config';

/**
 * What the import engine needs from its caller (the job wiring or a test): where import files may
 * be read, the web services' base URLs, and optionally a clock and a fetch. A file of its own so
 * the source readers and run-import.ts, which calls them, both read it without importing each
 * other.
 */
export interface ImportDeps {
  importRoot: string;
  usgsBaseUrl: string;
  cdssBaseUrl: string;
  /** USGS Water Data OGC API base (USGS_WATER_DATA_URL); the public service when not given. */
  usgsWaterDataUrl?: string;
  /** USGS_API_KEY: sent as X-Api-Key on every Water Data API request. */
  usgsApiKey?: string | null;
  now?: () => Date;
  fetchImpl?: typeof fetch;
}

/** The configuration the import kinds take their dependencies from. */
export type ImportConfig = Pick<AppConfig, 'importRoot' | 'usgsBaseUrl' | 'cdssBaseUrl'> &
  Partial<Pick<AppConfig, 'usgsWaterDataUrl' | 'usgsApiKey'>>;
