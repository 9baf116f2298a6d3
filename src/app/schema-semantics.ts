import type { AppContext } from './context.js';

/** How tool schemas are compared (`diff`, `changelog`, `check`, `schema-diff`, the Action). */
export type SchemaSemantics = 'api' | 'json-schema';

/**
 * The `schemaSemantics` a comparison uses: the flag, else the key of the config file that applies to
 * `cwd` (a broken config stops the run: ConfigError), else `api`. The config file is bounded by the
 * context's limits, as the documents are.
 */
export async function schemaSemanticsFor(
  flag: SchemaSemantics | undefined,
  cwd: string = process.cwd(),
  context: AppContext = {},
): Promise<SchemaSemantics> {
  if (flag !== undefined) return flag;
  // Loaded only here: a diff with the flag given never loads the lint modules.
  const lint = await import('../lint/config.js');
  const file = lint.findConfigFile(cwd);
  if (file === undefined) return 'api';
  return (await lint.readSchemaSemantics(file, context.limits)) ?? 'api';
}
