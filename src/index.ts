/**
 * The library API of mcpdesc-toolkit: everything the CLI and the GitHub Action use, for programs
 * that want the same answers without a subprocess. Stages follow the data flow: parse → model →
 * validate / lint / schema / diff / merge / migrate → report, and the application layer (`app`: one
 * function per user task, as the CLI, the Action and the hooks run them) over them.
 */

export * as app from './app/index.js';

export * as diff from './diff/index.js';
export * as lint from './lint/index.js';
export { type MergeInput, mergeAggregate, roundTrips } from './merge/aggregate.js';
export { CONFLICT_CODES, type Conflict, type ConflictCode } from './merge/conflicts.js';
export { mergeThreeWay, type ThreeWayInputs, type ThreeWayResult } from './merge/three-way.js';
export * as migrate from './migrate/index.js';
export { canonicalForm, canonicalString, semanticallyEquivalent } from './model/canonical.js';
export { resolveComponentRefs } from './model/components.js';
export type { Description } from './model/description.js';
export type { Finding, Severity } from './model/finding.js';
export {
  groupVariants,
  IDENTITY_FIELD,
  identityKey,
  type PrimitiveKind,
  type VariantGroup,
} from './model/identity.js';
export { ProjectionError, projectView } from './model/project.js';
export { effectiveScope, rootVersions, scopedDeclarations } from './model/scopes.js';
export { type OutputFormat, serialize } from './model/serialize.js';
export {
  compareVersions,
  isProtocolVersion,
  PROTOCOL_VERSIONS,
  type ProtocolVersion,
} from './model/versions.js';
export {
  DEFAULT_LIMITS,
  type DocumentFormat,
  detectFormat,
  type Limits,
  LoadError,
  type LoadErrorCode,
  type LoadedDocument,
  loadDocument,
  loadSource,
  MemoryLedger,
  type SourceMap,
  type SourcePosition,
} from './parse/index.js';
export { formatChangelogMarkdown } from './report/changelog-markdown.js';
export { formatChangesMarkdown } from './report/changes-markdown.js';
export { renderDiffChunks } from './report/diff-formats.js';
// The report formatters every command prints through.
export {
  type FileFindings,
  type FormatTarget,
  parseFormatSpecs,
  REPORT_FORMATS,
  type ReportFormat,
  type RuleMeta,
  renderReport,
  renderReportChunks,
} from './report/multi-format.js';
export { formatSarif } from './report/sarif.js';
export { formatStylish } from './report/stylish.js';
export { compareSchemas, type SchemaChange } from './schema/index.js';
export type { Location } from './util/location.js';
export { type ValidationResult, validateDocument } from './validate/index.js';
