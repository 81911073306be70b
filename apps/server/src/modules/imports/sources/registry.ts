import { IMPORT_SOURCE_KINDS } from '@portal/contracts';
import type { ImportConfig, ImportDeps } from '../engine/import-deps';
import { CDSS_SOURCE } from './cdss';
import { FILE_SOURCE } from './file';
import type { ImportSourceKindReader } from './source-kind';
import { USGS_WATER_SERVICES_SOURCE } from './usgs';
import { USGS_WATER_DATA_SOURCE } from './usgs-water-data';

/** Every import source kind the server can read; the import engine knows kinds only through this list. */
export const IMPORT_SOURCE_READERS: readonly ImportSourceKindReader[] = [
  FILE_SOURCE,
  USGS_WATER_SERVICES_SOURCE,
  USGS_WATER_DATA_SOURCE,
  CDSS_SOURCE,
];

/** The reader of a data source kind; undefined for kinds that are not imported automatically. */
export function readerFor(kind: string): ImportSourceKindReader | undefined {
  return IMPORT_SOURCE_READERS.find((r) => r.definition.kind === kind);
}

/** Kinds the editor offers (contracts) that the server has no reader for, and the reverse: both lists must match. */
export function unmatchedKinds(): string[] {
  const read = IMPORT_SOURCE_READERS.map((r) => r.definition.kind);
  const shared = IMPORT_SOURCE_KINDS.map((k) => k.kind);
  return [...shared.filter((k) => !read.includes(k)), ...read.filter((k) => !shared.includes(k))];
}

/** What the import engine needs from the configuration: the import folder and each kind's own dependencies. */
export function importDepsFrom(config: ImportConfig): ImportDeps {
  return Object.assign({ importRoot: config.importRoot }, ...IMPORT_SOURCE_READERS.map((r) => r.deps(config))) as ImportDeps;
}
