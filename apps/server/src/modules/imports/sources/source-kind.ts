import type { ImportSourceKind } from '@portal/contracts';
import type { ImportConfig, ImportDeps } from '../engine/import-deps';
import type { SourceContext } from '../engine/source-context';

/**
 * One import source kind on the server: its shared definition (editor fields and settings rules,
 * in @portal/contracts), the reader that imports one source of the kind, and the dependencies the
 * reader needs, taken from the server's configuration.
 */
export interface ImportSourceKindReader {
  definition: ImportSourceKind;
  read(ctx: SourceContext): Promise<void>;
  deps(config: ImportConfig): Partial<ImportDeps>;
}
