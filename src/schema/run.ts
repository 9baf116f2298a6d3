import type { Direction, SchemaChange, SchemaSemantics } from './change.js';
import { compareSchemas } from './compare.js';
import { formatSchemaChangesJson, formatSchemaChangesText } from './format-text.js';

export interface SchemaDiffOptions {
  direction: Direction;
  format: 'text' | 'json';
  /** Default `api` (see CompareOptions). */
  semantics?: SchemaSemantics;
}

export interface SchemaDiffResult {
  /** 0: nothing breaking; 1: a breaking change; 2: an input is not a schema. */
  exitCode: 0 | 1 | 2;
  output: string;
  /** The changes the report shows (none with exit code 2). */
  changes: SchemaChange[];
  /** Set with exit code 2. */
  error?: string;
}

/** The pure part of `mcpdesc schema-diff`: decoded values in, report and exit code out. */
export function runSchemaDiff(
  oldValue: unknown,
  newValue: unknown,
  options: SchemaDiffOptions,
): SchemaDiffResult {
  let changes: ReturnType<typeof compareSchemas>;
  try {
    changes = compareSchemas(oldValue, newValue, {
      direction: options.direction,
      semantics: options.semantics ?? 'api',
    });
  } catch (error) {
    if (error instanceof TypeError) return { exitCode: 2, output: '', changes: [], error: error.message };
    throw error;
  }
  const output =
    options.format === 'json'
      ? formatSchemaChangesJson(changes)
      : formatSchemaChangesText(changes, options.direction);
  return { exitCode: changes.some((c) => c.level === 'breaking') ? 1 : 0, output, changes };
}
