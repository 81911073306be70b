import { csvField } from '@portal/contracts';
import type { Rendering } from './ogcapi-render.repository';

/**
 * The header line of a CSV page: id, the properties, then longitude and latitude unless the
 * geometry is skipped. The lines themselves are written by PostgreSQL's COPY (csvColumns), which
 * ends them in LF, as this line (decision 0051); cells are neutralised as every CSV of the portal.
 */
export function csvHeader(r: Rendering): string {
  const names = ['id', ...r.properties, ...(r.geometry ? ['longitude', 'latitude'] : [])];
  return `${names.map(csvField).join(',')}\n`;
}
