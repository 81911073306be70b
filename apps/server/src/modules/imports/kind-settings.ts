import { importSourceKind, type ImportSourceInput } from '@portal/contracts';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { dataSourceKind } from './imports.repository';

/**
 * An import source's settings obey the rules of its data source's kind (the kind's `settings`
 * schema): a broken rule is a 400 with the kind's message, and the settings are stored as the
 * kind normalises them. Data sources that are not imported keep what was given.
 */
export async function applyKindSettings(db: Db, input: ImportSourceInput): Promise<ImportSourceInput> {
  const kind = importSourceKind(await dataSourceKind(db, input.datasrc_ndx));
  if (!kind) return input;
  const checked = kind.settings.safeParse({
    source_site_id: input.source_site_id,
    source_site_metadata: input.source_site_metadata,
    source_method_id: input.source_method_id,
  });
  if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? 'The source settings are not valid');
  return { ...input, ...checked.data };
}
