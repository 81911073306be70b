import type { ParameterCodeRow } from '@portal/contracts';
import type { Db } from '../../db/client';

/** SQL of parameter.usgs_parameter_code (migration 0280): each parameter's USGS parameter code. */

export function listParameterCodes(db: Db): Promise<ParameterCodeRow[]> {
  return db
    .selectFrom('parameter as p')
    .leftJoin('unit as u', 'u.unit_ndx', 'p.unit_ndx')
    .select(['p.parameter_ndx', 'p.parameter_name', 'u.unit_desc', 'p.usgs_parameter_code'])
    .orderBy('p.display_order')
    .orderBy('p.parameter_name')
    .execute();
}

/** The parameter's row (locked for the update), or undefined when there is none. */
export function readParameterCode(db: Db, parameterNdx: number): Promise<ParameterCodeRow | undefined> {
  return db
    .selectFrom('parameter as p')
    .leftJoin('unit as u', 'u.unit_ndx', 'p.unit_ndx')
    .select(['p.parameter_ndx', 'p.parameter_name', 'u.unit_desc', 'p.usgs_parameter_code'])
    .where('p.parameter_ndx', '=', parameterNdx)
    .forUpdate('p')
    .executeTakeFirst();
}

/** The name of another parameter holding the code, if any. */
export async function parameterHoldingCode(db: Db, code: string, except: number): Promise<string | null> {
  const row = await db
    .selectFrom('parameter')
    .select('parameter_name')
    .where('usgs_parameter_code', '=', code)
    .where('parameter_ndx', '<>', except)
    .executeTakeFirst();
  return row?.parameter_name ?? null;
}

export async function writeParameterCode(db: Db, parameterNdx: number, code: string | null): Promise<void> {
  await db.updateTable('parameter').set({ usgs_parameter_code: code }).where('parameter_ndx', '=', parameterNdx).execute();
}
