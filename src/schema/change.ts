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

/**
 * How a schema is read as a contract (docs/schema-compat.md).
 * `api`: what a tool publishes; a client sends only what the schema declares, so a name an open
 * object does not declare is outside the contract (oasdiff's reading of OpenAPI request bodies).
 * `json-schema`: the exact set of instances the schema accepts (a data-schema registry's reading).
 */
export type SchemaSemantics = 'api' | 'json-schema';

export const SCHEMA_SEMANTICS: readonly SchemaSemantics[] = ['api', 'json-schema'];

/** The default of every command and of compareSchemas: the reading MCP tool schemas are written for. */
export const DEFAULT_SCHEMA_SEMANTICS: SchemaSemantics = 'api';

/**
 * Set when API semantics decided the level of a change differently from its effect on the accepted
 * set; names what the contract gained or lost (diff reports it under its own rule id).
 */
export type ContractRule = 'property-added' | 'property-removed' | 'object-closed' | 'object-opened';

export interface SchemaChange {
  kind: ChangeKind;
  level: Level;
  effect: Effect;
  /** RFC 6901 pointer into the old schema (the nearest existing location when the thing was added). */
  pointerOld: string;
  /** RFC 6901 pointer into the new schema (the nearest existing location when the thing was removed). */
  pointerNew: string;
  message: string;
  /** See ContractRule; absent when the level follows from effect and direction alone. */
  contractRule?: ContractRule;
}

export interface CompareOptions {
  direction: Direction;
  /** Default: `api` (DEFAULT_SCHEMA_SEMANTICS). */
  semantics?: SchemaSemantics;
}
