/**
 * Lint configuration: finding the config file (config-find), loading it and the rulesets it extends
 * and checking it against schemas/mcpdesc-config.schema.json (config-read, errors carry
 * file:line:col), merging everything into one ResolvedConfig (config-resolve), with function options
 * checked by config-options. This module is the stages' one entry point.
 *
 * Config files and rulesets have the same shape (a ruleset is a config that defines rules):
 * `extends`, `functions`, `rules`, `overrides`, `ignore`. Built-in rulesets live in rules/*.yaml in
 * the package and are read at run time. Custom functions load only from local files named in a config
 * file (never from the linted document, never a package name or URL).
 */

export { findConfigFile } from './config-find.js';
export { OPTIONS_AJV_OPTIONS, precompiledOptionsExport } from './config-options.js';
export { CONFIG_AJV_OPTIONS, configSchema, readSchemaSemantics } from './config-read.js';
export { isInvalidatingCode, isLocalPath, resolveConfig } from './config-resolve.js';
export {
  BUILTIN_RULESETS,
  CONFIG_FILE_NAMES,
  ConfigError,
  type ConfigErrorCode,
  type IgnoreEntry,
  type IgnorePatterns,
  type Override,
  PACKAGE_ROOT,
  type ResolvedConfig,
  type RuleChange,
} from './config-types.js';
