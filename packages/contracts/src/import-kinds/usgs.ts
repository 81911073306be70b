import { settingsAsGiven, siteIdField, siteMetadataField, type ImportSourceKind } from './kind';

/** USGS WaterServices (NWIS) instantaneous values; retiring in favour of the Water Data API. */
export const USGS_WATER_SERVICES_IMPORT_KIND: ImportSourceKind = {
  kind: 'usgs',
  description: 'USGS WaterServices (NWIS) instantaneous values',
  readsFiles: false,
  fields: [
    siteIdField('USGS site number, e.g. 06754000'),
    siteMetadataField('USGS parameter code, e.g. 00060 (discharge)'),
    {
      name: 'source_method_id',
      type: 'whole-number',
      label: 'Source Method ID',
      help: 'USGS method (sensor) id, for sites with several; empty: the run takes one and says which',
    },
  ],
  settings: settingsAsGiven,
};
