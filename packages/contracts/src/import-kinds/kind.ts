import { z } from 'zod';

/**
 * What the imports editor and the API know of one import source kind (data_source.kind): the
 * fields it adds to the Data Source Information section and the rules its settings obey. The
 * server pairs it with the kind's reader (apps/server/src/modules/imports/sources/).
 */

/** The settings a kind reads from an import source, as the API receives them. */
export interface ImportKindSettings {
  source_site_id: string | null;
  source_site_metadata: string | null;
  source_method_id: number | null;
}

/** One field of the editor, rendered by the editor without knowing the kind. */
export type ImportKindField =
  | { name: 'source_site_id' | 'source_site_metadata'; type: 'text'; label: string; help: string }
  | { name: 'source_method_id'; type: 'whole-number'; label: string; help: string }
  /** source_site_metadata edited as a Water Data series: collection, parameter code and statistic. */
  | { name: 'source_site_metadata'; type: 'water-data-series' };

export interface ImportSourceKind {
  /** The data_source.kind value. */
  kind: string;
  /** What the kind reads, for documentation and messages. */
  description: string;
  /** Whether the kind reads files (the sources table then shows the file's path). */
  readsFiles: boolean;
  /** The kind's fields in the Data Source Information section, in order, after Source Site ID's place. */
  fields: readonly ImportKindField[];
  /**
   * The kind's rules for its settings: checks them (the first problem's message is the API's
   * 400 answer) and returns them as stored (normalised).
   */
  settings: z.ZodType<ImportKindSettings, ImportKindSettings>;
}

/** Settings a kind takes as they come. */
export const settingsAsGiven: z.ZodType<ImportKindSettings, ImportKindSettings> = z.object({
  source_site_id: z.string().nullable(),
  source_site_metadata: z.string().nullable(),
  source_method_id: z.number().nullable(),
});

/** A Source Site ID field with the kind's hint. */
export const siteIdField = (help: string): ImportKindField => ({ name: 'source_site_id', type: 'text', label: 'Source Site ID', help });
/** A Source Site Metadata field with the kind's hint. */
export const siteMetadataField = (help: string): ImportKindField => ({
  name: 'source_site_metadata',
  type: 'text',
  label: 'Source Site Metadata',
  help,
});

/** Source Site ID and Source Site Metadata as any data source shows them unless its kind says more. */
export const GENERIC_SITE_FIELDS: readonly ImportKindField[] = [
  siteIdField('Site or station id at the data source'),
  siteMetadataField('Parameter code or notes about the site'),
];
