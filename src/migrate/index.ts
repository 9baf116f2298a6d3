export { declaredVersion, isMcpdesc07, MCPDESC_070 } from './detect.js';
export {
  describeLoaded,
  type LoadDescriptionOptions,
  type LoadedDescription,
  loadDescription,
  MigrationError,
  type MigrationErrorCode,
  migrationNotice,
} from './load.js';
export {
  type MigrateOptions,
  type MigrationResult,
  migrateValue,
  NotMigratableError,
  STEPS,
} from './migrate.js';
export {
  type EntryKind,
  formatReportJson,
  formatReportText,
  type MigrationReport,
  type MigrationStatus,
  type ReportEntry,
} from './report.js';
export { SCHEMA_URI_080 } from './steps/version.js';
export { renderYamlPreserving } from './yaml-preserve.js';
