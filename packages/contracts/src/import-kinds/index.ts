import { CDSS_IMPORT_KIND } from './cdss';
import { FILE_IMPORT_KIND } from './file';
import { GENERIC_SITE_FIELDS, type ImportKindField, type ImportSourceKind } from './kind';
import { USGS_WATER_SERVICES_IMPORT_KIND } from './usgs';
import { USGS_WATER_DATA_IMPORT_KIND } from './usgs-water-data';

export type { ImportKindField, ImportKindSettings, ImportSourceKind } from './kind';
export { GENERIC_SITE_FIELDS, siteIdField, siteMetadataField, settingsAsGiven } from './kind';

/** Every import source kind, one definition each: the editor and the API know kinds only through this list. */
export const IMPORT_SOURCE_KINDS: readonly ImportSourceKind[] = [
  FILE_IMPORT_KIND,
  USGS_WATER_SERVICES_IMPORT_KIND,
  USGS_WATER_DATA_IMPORT_KIND,
  CDSS_IMPORT_KIND,
];

/** Data source kinds that are never imported automatically: readings typed in, and demonstration data. */
export const NOT_IMPORTED_DATA_SOURCE_KINDS = ['manual', 'demo'] as const;

/** Every value data_source.kind may hold (the database's check constraint lists exactly these). */
export const DATA_SOURCE_KINDS: readonly string[] = [...IMPORT_SOURCE_KINDS.map((k) => k.kind), ...NOT_IMPORTED_DATA_SOURCE_KINDS];

/** The definition of an import source kind; undefined for kinds that are not imported (or unknown). */
export function importSourceKind(kind: string | null | undefined): ImportSourceKind | undefined {
  return IMPORT_SOURCE_KINDS.find((k) => k.kind === kind);
}

/** The editor's fields for a data source kind: its own, or the generic ones for kinds not imported and while none is chosen. */
export function importKindFields(kind: string | null | undefined): readonly ImportKindField[] {
  return importSourceKind(kind)?.fields ?? GENERIC_SITE_FIELDS;
}
export { CDSS_IMPORT_KIND, FILE_IMPORT_KIND, USGS_WATER_DATA_IMPORT_KIND, USGS_WATER_SERVICES_IMPORT_KIND };
