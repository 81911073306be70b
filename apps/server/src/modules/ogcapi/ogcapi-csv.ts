import { csvField } from '@portal/contracts';
import type { Rendering } from './ogcapi-render.repository';

/**
 * The header line of a CSV page: id, the properties, then longitude and latitude unless the
 * geometry is skipped. The lines themselves are written by PostgreSQL with the Query & Download
 * writer's SQL twin (csvTextCellSql), so every CSV of the portal quotes and neutralises alike.
 */
export function csvHeader(r: Rendering): string {
  const names = ['id', ...r.properties, ...(r.geometry ? ['longitude', 'latitude'] : [])];
  return `${names.map(csvField).join(',')}\r\n`;
}
