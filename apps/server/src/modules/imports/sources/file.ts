import { FILE_IMPORT_KIND } from '@portal/contracts';
import type { ImportSourceKindReader } from './source-kind';
import fs from 'node:fs/promises';
import path from 'node:path';
import { cpuPool } from '../../../cpu-pool/cpu-pool';
import { addDelimitedRows, splitDelimitedTextTask, type DelimitedLayout } from '../engine/delimited-text';
import { resolveImportFiles } from '../engine/import-paths';
import { commitBatch, newBatch, type SourceContext } from '../engine/source-context';

/** Reads every file of a delimited-text source, each file in its own transaction, in name order. */
export async function importFiles(ctx: SourceContext): Promise<void> {
  const s = ctx.source;
  if (s.columnPositionDate === null || s.columnPositionValue === null) {
    ctx.tally.failUnit('Date Column Position and Value Column Position are required for file imports (0 is the first column)');
    return;
  }
  const layout: DelimitedLayout = {
    delimiter: s.delimiterChar,
    headerRows: s.fileHeaderRowcount,
    fieldCount: s.fileFieldcount,
    dateColumn: s.columnPositionDate,
    timeColumn: s.columnPositionTime,
    valueColumn: s.columnPositionValue,
  };
  const files = await resolveImportFiles(ctx.deps.importRoot, s.filePath, s.fileName);
  for (const file of files) {
    const name = path.basename(file);
    let buf: Buffer;
    try {
      buf = await fs.readFile(file);
    } catch (e) {
      ctx.tally.failUnit(`${name}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)}); nothing imported`);
      continue;
    }
    if (buf.includes(0)) {
      ctx.tally.failUnit(`${name}: is not a text file (it holds binary data); nothing imported`);
      continue;
    }
    // Splitting a file is CPU work proportional to its size: the worker thread does it, so an import
    // never holds up the server's requests; the rows come back as one packed string.
    const rows = await cpuPool.run(splitDelimitedTextTask, [buf.toString('utf8'), layout]);
    const batch = newBatch(ctx, name);
    addDelimitedRows(rows, layout, batch);
    await commitBatch(ctx, batch, name);
  }
}

export const FILE_SOURCE: ImportSourceKindReader = {
  definition: FILE_IMPORT_KIND,
  read: importFiles,
  // The import folder is everybody's: run-import names paths relative to it in its messages.
  deps: () => ({}),
};
