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
  now?: () => Date;
  fetchImpl?: typeof fetch;
}
