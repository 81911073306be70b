import {
  formatWaterDataMetadata,
  normalizeMonitoringLocationId,
  parseWaterDataMetadata,
  WATER_DATA_KIND,
  WATER_DATA_MESSAGES,
  type ImportSourceInput,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { dataSourceKind } from './imports.repository';

/**
 * A Water Data API source must name a monitoring location and `<collection>:<parameter>[:<statistic>]`;
 * a bare site number is stored with its USGS- prefix, and a daily source with its statistic. Other data sources pass unchanged.
 */
export async function checkWaterDataFields(db: Db, input: ImportSourceInput): Promise<ImportSourceInput> {
  if ((await dataSourceKind(db, input.datasrc_ndx)) !== WATER_DATA_KIND) return input;
  const site = normalizeMonitoringLocationId(input.source_site_id);
  if (!site) throw badRequest(WATER_DATA_MESSAGES.siteId);
  const metadata = parseWaterDataMetadata(input.source_site_metadata);
  if (!metadata.ok) throw badRequest(metadata.message);
  return { ...input, source_site_id: site, source_site_metadata: formatWaterDataMetadata(metadata.series), source_method_id: null };
}
