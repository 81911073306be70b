/**
 * The data review module's public entry: what the import engine calls around its write (approved
 * ranges hold values back, reviewed ranges keep their corrections, the automatic checks flag).
 */
export { afterImportWritten, reviewImportedRows, type ReviewedImport } from './data-review-import.service';
