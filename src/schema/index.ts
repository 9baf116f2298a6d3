/** The schema compatibility engine: the whole public surface of src/schema. */
export type { CompareOptions, Direction, Effect, Level, SchemaChange } from './change.js';
export { compareSchemas, levelOf, type Verdict, verdictOf } from './compare.js';
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
