/** The schema compatibility engine: the whole public surface of src/schema. */
export {
  type CompareOptions,
  type ContractRule,
  DEFAULT_SCHEMA_SEMANTICS,
  type Direction,
  type Effect,
  type Level,
  SCHEMA_SEMANTICS,
  type SchemaChange,
  type SchemaSemantics,
} from './change.js';
export { compareSchemas, decideLevel, levelOf, type Verdict, verdictOf } from './compare.js';
export { renderKindTables } from './docs.js';
export { formatSchemaChangesJson, formatSchemaChangesText } from './format-text.js';
export {
  CHANGE_KINDS,
  type ChangeKind,
  isChangeKind,
  type KindFamily,
  type KindInfo,
  kindInfo,
} from './kinds.js';
export { runSchemaDiff, type SchemaDiffOptions, type SchemaDiffResult } from './run.js';
