/**
 * The imports module's public entry: running one import source now (the job wiring and other
 * modules' tests of what an import does call it).
 */
export { runImportSource, type ImportDeps, type ImportRunSummary } from './engine/run-import';
