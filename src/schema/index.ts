export type { CompareOptions, Direction, Effect, Level, SchemaChange } from './change.js';
export { compareSchemas, levelOf, type Verdict, verdictOf } from './compare.js';
export {
  CHANGE_KINDS,
  type ChangeKind,
  isChangeKind,
  type KindFamily,
  type KindInfo,
  kindInfo,
} from './kinds.js';
