import { z } from 'zod';
import {
  formatWaterDataMetadata,
  normalizeMonitoringLocationId,
  parseWaterDataMetadata,
  WATER_DATA_KIND,
  WATER_DATA_MESSAGES,
} from '../usgs-water-data';
import { siteIdField, type ImportKindSettings, type ImportSourceKind } from './kind';

/**
 * A Water Data API source names a monitoring location and `<collection>:<parameter>[:<statistic>]`;
 * a bare site number is stored with its USGS- prefix, a daily series with its statistic, and no
 * method id (the API has none).
 */
const waterDataSettings: z.ZodType<ImportKindSettings, ImportKindSettings> = z
  .object({
    source_site_id: z.string().nullable(),
    source_site_metadata: z.string().nullable(),
    source_method_id: z.number().nullable(),
  })
  .transform((s, ctx) => {
    const site = normalizeMonitoringLocationId(s.source_site_id);
    if (!site) {
      ctx.addIssue({ code: 'custom', message: WATER_DATA_MESSAGES.siteId });
      return z.NEVER;
    }
    const metadata = parseWaterDataMetadata(s.source_site_metadata);
    if (!metadata.ok) {
      ctx.addIssue({ code: 'custom', message: metadata.message });
      return z.NEVER;
    }
    return { source_site_id: site, source_site_metadata: formatWaterDataMetadata(metadata.series), source_method_id: null };
  });

/** The USGS Water Data OGC API (continuous values or daily statistics). */
export const USGS_WATER_DATA_IMPORT_KIND: ImportSourceKind = {
  kind: WATER_DATA_KIND,
  description: 'USGS Water Data API continuous values or daily statistics',
  readsFiles: false,
  fields: [siteIdField('Monitoring location id, e.g. USGS-06754000'), { name: 'source_site_metadata', type: 'water-data-series' }],
  settings: waterDataSettings,
};
