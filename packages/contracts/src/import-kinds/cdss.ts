import { settingsAsGiven, siteIdField, siteMetadataField, type ImportSourceKind } from './kind';

/** Colorado DWR / CDSS telemetry stations. */
export const CDSS_IMPORT_KIND: ImportSourceKind = {
  kind: 'cdss',
  description: 'Colorado DWR / CDSS telemetry station readings',
  readsFiles: false,
  fields: [siteIdField('CDSS station abbreviation, e.g. PLAPLTCO'), siteMetadataField('CDSS parameter, e.g. DISCHRG')],
  settings: settingsAsGiven,
};
