import type { ChangeKind } from './kinds.js';

/** Which side of a tool call the schema describes: arguments flow in, results flow out. */
export type Direction = 'input' | 'output';

/**
 * What a change does to the set of accepted instances, read from old to new.
 * `none` marks changes that cannot alter validation (annotations, `default`): they are reported
 * so that reviewers see them, but they never move the accepted set.
 */
export type Effect = 'narrowed' | 'widened' | 'changed' | 'unknown' | 'none';

export type Level = 'breaking' | 'warning' | 'info';

export interface SchemaChange {
  kind: ChangeKind;
  level: Level;
  effect: Effect;
  /** RFC 6901 pointer into the old schema (the nearest existing location when the thing was added). */
  pointerOld: string;
  /** RFC 6901 pointer into the new schema (the nearest existing location when the thing was removed). */
  pointerNew: string;
  message: string;
}

export interface CompareOptions {
  direction: Direction;
}
