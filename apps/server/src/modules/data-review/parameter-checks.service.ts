import type { ParameterChecks, ParameterChecksList, ParameterChecksRow } from '@portal/contracts';
import type { Db } from '../../db/client';
import { recordAudit } from '../../audit/audit.repository';
import { notFound } from '../../http/errors';
import type { AuthUser } from '../../tokens/token-verifier';
import { findChecksForUpdate, listChecks, saveChecks } from './data-review-checks.repository';

/** Every parameter's automatic checks. */
export async function listParameterChecks(db: Db): Promise<ParameterChecksList> {
  return { parameters: await listChecks(db) };
}

/** Changes one parameter's checks (audited); imports from then on use them, flags already added stay. */
export async function updateParameterChecks(
  db: Db,
  user: AuthUser,
  parameterNdx: number,
  checks: ParameterChecks,
): Promise<ParameterChecksRow> {
  return db.transaction().execute(async (trx) => {
    const before = await findChecksForUpdate(trx, parameterNdx);
    if (!before) throw notFound(`Parameter ${parameterNdx} was not found`);
    await saveChecks(trx, parameterNdx, checks);
    await recordAudit(trx, { actor: user, action: 'update', table: 'parameter', rowKey: parameterNdx, before, after: checks });
    return { ...before, ...checks };
  });
}
