import { WATER_SERVICES_KIND, type MoveToWaterDataResult } from '@portal/contracts';
import type { AuthUser } from '../../../tokens/token-verifier';
import type { Db } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { recordAudit } from '../../../audit/audit.repository';
import { waterServicesToWaterData } from './move-rules';
import { lockMovableSources, rewriteToWaterData, waterDataSourceNdx } from './water-data-move.repository';

type Actor = Pick<AuthUser, 'sub' | 'email'> | null;

/**
 * Moves WaterServices sources to the Water Data API in one transaction: the listed ones, or all
 * of them. Each move is audited with the fields before and after; sources that cannot be moved
 * (not WaterServices, or no parameter code to carry over) are listed with the reason.
 */
export async function moveToWaterData(db: Db, actor: Actor, importNdxs?: readonly number[]): Promise<MoveToWaterDataResult> {
  return db.transaction().execute(async (trx) => {
    const sources = await lockMovableSources(trx, importNdxs);
    const result: MoveToWaterDataResult = { moved: [], not_moved: [] };
    const found = new Set(sources.map((s) => s.import_ndx));
    for (const n of importNdxs ?? [])
      if (!found.has(n)) result.not_moved.push({ import_ndx: n, message: `Import configuration ${n} does not exist` });
    let target: number | null = null;
    for (const s of sources) {
      if (s.kind !== WATER_SERVICES_KIND) {
        result.not_moved.push({
          import_ndx: s.import_ndx,
          message: `Import configuration ${s.import_ndx} does not use USGS WaterServices`,
        });
        continue;
      }
      const rewrite = waterServicesToWaterData({
        sourceSiteId: s.source_site_id,
        sourceSiteMetadata: s.source_site_metadata,
        intervalMinutes: s.interval_minutes,
      });
      if (!rewrite.ok) {
        result.not_moved.push({ import_ndx: s.import_ndx, message: rewrite.message });
        continue;
      }
      target ??= await waterDataSourceNdx(trx);
      const after = { datasrc_ndx: target, source_site_id: rewrite.sourceSiteId, source_site_metadata: rewrite.sourceSiteMetadata };
      await rewriteToWaterData(trx, s.import_ndx, after);
      await recordAudit(trx, {
        actor,
        action: 'update',
        table: 'import_source',
        rowKey: s.import_ndx,
        before: {
          datasrc_ndx: s.datasrc_ndx,
          source_site_id: s.source_site_id,
          source_site_metadata: s.source_site_metadata,
          source_method_id: s.source_method_id,
        },
        after: { ...after, source_method_id: null, moved_to: 'USGS Water Data API' },
      });
      result.moved.push({
        import_ndx: s.import_ndx,
        source_site_id: rewrite.sourceSiteId,
        source_site_metadata: rewrite.sourceSiteMetadata,
        imported_through: s.imported_through ? s.imported_through.toISOString() : null,
      });
    }
    return result;
  });
}

/** The one-source action: a clear 404, 409 or 400 instead of a result that lists nothing moved. */
export async function moveOneToWaterData(db: Db, actor: Actor, importNdx: number): Promise<MoveToWaterDataResult> {
  const result = await moveToWaterData(db, actor, [importNdx]);
  const refused = result.not_moved[0];
  if (refused) {
    if (/does not exist/.test(refused.message)) throw notFound(refused.message);
    if (/does not use USGS WaterServices/.test(refused.message)) throw conflict(refused.message);
    throw badRequest(`${refused.message}; fix it in the editor, then move the source`);
  }
  return result;
}
