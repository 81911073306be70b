import { DAILY_MEAN_STATISTIC, formatWaterDataMetadata } from '@portal/contracts';
import { parseUsgsMetadata, SITE } from '../sources/usgs';

/** A WaterServices source as the move reads it. */
export interface WaterServicesFields {
  sourceSiteId: string | null;
  sourceSiteMetadata: string | null;
  /** interval_period in minutes: decides iv or dv when the metadata names neither (as the old engine did). */
  intervalMinutes: number | null;
}

export type MoveRewrite = { ok: true; sourceSiteId: string; sourceSiteMetadata: string } | { ok: false; message: string };

/**
 * How a WaterServices source reads the same series from the Water Data API: iv becomes the
 * `continuous` collection, dv becomes `daily` with its statistic (00003, the daily mean, when none
 * was named), the site number becomes the monitoring location id `USGS-<site>` (another agency
 * keeps its code), and the parameter code stays. The high-water mark is not part of the rewrite:
 * the source keeps it, so the next run continues where the old one stopped.
 */
export function waterServicesToWaterData(s: WaterServicesFields): MoveRewrite {
  const site = SITE.exec((s.sourceSiteId ?? '').trim());
  if (!site) return { ok: false, message: `Source Site ID "${s.sourceSiteId ?? ''}" is not a USGS site number (8 to 15 digits)` };
  const series = parseUsgsMetadata(s.sourceSiteMetadata, s.intervalMinutes);
  if (!series) {
    return { ok: false, message: `Source Site Metadata "${s.sourceSiteMetadata ?? ''}" names no USGS parameter code (e.g. iv:00060)` };
  }
  const agency = (site[1] ?? 'USGS').toUpperCase();
  const metadata =
    series.service === 'iv'
      ? formatWaterDataMetadata({ collection: 'continuous', parameterCode: series.parameterCd, statisticId: null })
      : formatWaterDataMetadata({
          collection: 'daily',
          parameterCode: series.parameterCd,
          statisticId: series.statCd ?? DAILY_MEAN_STATISTIC,
        });
  return { ok: true, sourceSiteId: `${agency}-${site[2]}`, sourceSiteMetadata: metadata };
}
