import { relative } from 'node:path';
import type { AppContext } from './context.js';

/** How tool schemas are compared (`diff`, `changelog`, `check`, `schema-diff`, the Action). */
export type SchemaSemantics = 'api' | 'json-schema';

/** Which config file `schemaSemantics` is read from, as the lint config lookup (ConfigLookup) finds it. */
export interface SchemaSemanticsSource {
  /** This config file (as `--config` names one) instead of a search. */
  config?: string;
  /** Where the search for a config file starts; default the working directory. */
  cwd?: string;
  /** Search no higher than this directory: a config file above it is not used. */
  root?: string;
}

/**
 * The `schemaSemantics` a comparison uses: the flag, else the key of the config file named, or found
 * from `cwd` (a string is `cwd`) and not above `root` (a broken config stops the run: ConfigError),
 * else `api`. The config file is bounded by the context's limits, as the documents are.
 */
export async function schemaSemanticsFor(
  flag: SchemaSemantics | undefined,
  from: string | SchemaSemanticsSource = process.cwd(),
  context: AppContext = {},
): Promise<SchemaSemantics> {
  if (flag !== undefined) return flag;
  const source = typeof from === 'string' ? { cwd: from } : from;
  // Loaded only here: a diff with the flag given never loads the lint modules.
  const lint = await import('../lint/config.js');
  const file = source.config ?? lint.findConfigFile(source.cwd ?? process.cwd());
  if (file === undefined) return 'api';
  // A config found above the root (the runner's home, the filesystem root) is not the project's.
  if (
    source.config === undefined &&
    source.root !== undefined &&
    relative(source.root, file).startsWith('..')
  )
    return 'api';
  return (await lint.readSchemaSemantics(file, context.limits)) ?? 'api';
}
