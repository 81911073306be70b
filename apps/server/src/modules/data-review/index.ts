/**
 * The data review module's public entry: what the import engine calls around its write (approved
 * ranges hold values back, reviewed ranges keep their corrections, the automatic checks flag), and
 * what the demo seed uses to ship flagged periods and an approved year.
 */
export { afterImportWritten, reviewImportedRows, type ReviewedImport } from './data-review-import.service';
export { flagChecks } from './data-review-checks.repository';
export { saveEdit } from './data-review-save';
