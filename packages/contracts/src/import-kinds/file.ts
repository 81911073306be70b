import { GENERIC_SITE_FIELDS, settingsAsGiven, type ImportSourceKind } from './kind';

/** Delimited text files from the server's import folder (logger downloads). */
export const FILE_IMPORT_KIND: ImportSourceKind = {
  kind: 'file',
  description: 'Delimited text files in the server import folder',
  readsFiles: true,
  fields: GENERIC_SITE_FIELDS,
  settings: settingsAsGiven,
};
