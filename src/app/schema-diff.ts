/**
 * The schema-diff task (`mcpdesc schema-diff`): the schema semantics chosen (flag, else the config
 * file's `schemaSemantics`, else `api`), both schema files loaded (their memory bounded together)
 * and compared in one direction. The CLI renders the changes through src/report/.
 */

import type { LoadedDocument } from '../parse/index.js';
import type { Direction, SchemaChange } from '../schema/change.js';
import type { AppContext } from './context.js';
import { type SchemaSemantics, schemaSemanticsFor } from './schema-semantics.js';

export interface SchemaDiffFilesOptions extends AppContext {
  /** input: narrowing breaks callers; output: widening breaks consumers. */
  direction: Direction;
  schemaSemantics?: SchemaSemantics;
  /** Report only breaking changes. */
  quiet?: boolean;
}

export interface SchemaDiffRun {
  before: LoadedDocument;
  after: LoadedDocument;
  /** The changes to report (breaking only with `quiet`). */
  changes: SchemaChange[];
  /** 0: nothing breaking; 1: a breaking change; 2: an input is not a schema (see `error`). */
  exitCode: 0 | 1 | 2;
  error?: string;
}

/** Throws LoadError (a PositionedError) for a file that cannot be read, ConfigError for a broken config. */
export async function schemaDiffFiles(
  oldSpec: string,
  newSpec: string,
  options: SchemaDiffFilesOptions,
): Promise<SchemaDiffRun> {
  const [{ loadSource, MemoryLedger }, { runSchemaDiff }] = await Promise.all([
    import('../parse/index.js'),
    import('../schema/index.js'),
  ]);
  const semantics = await schemaSemanticsFor(options.schemaSemantics, process.cwd(), options);
  // Both schemas are held at once: their memory is bounded together.
  const memory = new MemoryLedger();
  const sourceOptions = { memory, ...(options.limits ? { limits: options.limits } : {}) };
  const [before, after] = await Promise.all([
    loadSource(oldSpec, sourceOptions),
    loadSource(newSpec, sourceOptions),
  ]);
  const result = runSchemaDiff(before.value, after.value, {
    direction: options.direction,
    format: 'json',
    semantics,
  });
  const changes = options.quiet ? result.changes.filter((c) => c.level === 'breaking') : result.changes;
  return {
    before,
    after,
    changes,
    exitCode: result.exitCode,
    ...(result.error !== undefined ? { error: result.error } : {}),
  };
}
