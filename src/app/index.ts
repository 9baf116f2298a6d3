/**
 * The application layer: one function per user task, holding config lookup, migration, caching
 * and the choice of documents. The CLI commands parse their arguments, call these and print
 * through src/report/; the GitHub Action and the pre-commit hooks call the same functions.
 */

export { type CheckRun, type CheckServerOptions, checkServer } from './check.js';
export type { AppContext } from './context.js';
export {
  type CompareOptions,
  changelogOf,
  compareSides,
  type DiffSides,
  ignoreNotes,
  loadDiffSources,
  parseIgnoreText,
  readIgnoreFile,
  type SchemaSemantics,
  type SchemaSemanticsSource,
  type SideValidation,
  schemaSemanticsFor,
  validateDiffSides,
} from './diff.js';
export { type DumpRun, type DumpServerOptions, dumpServer } from './dump.js';
export { type AppErrorCode, PositionedError, UsageError } from './errors.js';
export {
  ConfigLookup,
  type ConfigLookupOptions,
  checkLintOptions,
  DEFAULT_LINT_GLOB,
  type LintFilesOptions,
  type LintRun,
  type LintTarget,
  lintFiles,
  lintLoaded,
  lintRuleMetas,
  lintTargets,
} from './lint.js';
export {
  clientRevisions,
  type LiveServer,
  type LiveServerOptions,
  resolveLiveServer,
  type SessionRunner,
} from './live.js';
export { type MergeFilesOptions, type MergeRun, mergeFiles } from './merge.js';
export { type MergeDriverOptions, type MergeDriverRun, mergeDriverFiles } from './merge-driver.js';
export { type MigrateFileOptions, type MigrateRun, migrateFile } from './migrate.js';
export { type ProjectOptions, type ProjectRun, projectFile } from './project.js';
export { type SchemaDiffFilesOptions, type SchemaDiffRun, schemaDiffFiles } from './schema-diff.js';
export {
  type LoadedValidation,
  type ValidateFilesOptions,
  type ValidateRun,
  validateFiles,
  validateLoaded,
} from './validate.js';
