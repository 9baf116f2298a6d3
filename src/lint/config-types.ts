/** What a resolved lint configuration is made of, the config file names and the error every config stage throws. */
import { fileURLToPath } from 'node:url';
import { PositionedError } from '../util/positioned-error.js';
import type { FunctionDefinition, RuleDefinition, RuleSeverity } from './types.js';

export const CONFIG_FILE_NAMES = [
  '.mcpdesc.yaml',
  '.mcpdesc.yml',
  '.mcpdesc.json',
  'mcpdesc.config.mjs',
] as const;
/** `clients/*`: the published function-calling schema rules of one client (each extends `recommended`). */
export const BUILTIN_RULESETS = ['recommended', 'strict', 'clients/gemini', 'clients/openai-strict'] as const;

/** The package root (holds rules/ and schemas/), from src/lint or dist/lint alike. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RuleChange {
  severity?: RuleSeverity;
  options?: Record<string, unknown>;
}

export interface Override {
  /** Globs relative to `baseDir`; undefined = every file. */
  files?: string[];
  /** Pointer patterns (`*` = one segment, `**` = any); undefined = everywhere. */
  pointers?: string[];
  rules: Map<string, RuleChange>;
  baseDir: string;
}

export interface IgnoreEntry {
  rules: string[];
  files?: string[];
  pointers?: string[];
  reason: string;
  expires?: string;
  baseDir: string;
  /** Where the entry is written (for "expired" reports). */
  location: { file: string; pointer: string; line: number; column: number };
}

/** `ignorePatterns` of one config file: paths never linted, relative to `baseDir`. */
export interface IgnorePatterns {
  patterns: string[];
  baseDir: string;
}

export interface ResolvedConfig {
  /** The config file found or given (undefined: built-in `recommended`). */
  file?: string;
  /** Every rule, validation codes included, in definition order. */
  rules: Map<string, RuleDefinition>;
  functions: Map<string, FunctionDefinition>;
  overrides: Override[];
  ignores: IgnoreEntry[];
  /** `ignorePatterns` of the config files, in the order they apply (see isIgnoredFile). */
  ignorePatterns: IgnorePatterns[];
  /**
   * Absolute paths of every file the config was built from: config files, the rulesets they extend
   * and custom function modules (what `lint --cache` fingerprints besides the resolved rules).
   */
  sources: string[];
}

/**
 * What can be wrong with a config file or ruleset: it cannot be read or loaded (`config-unreadable`),
 * is not valid YAML/JSON (`config-syntax`), breaks the config schema (`config-schema`), names an
 * unknown built-in ruleset (`unknown-ruleset`), or means nothing valid (`config-invalid`: an unknown
 * rule, an `extends` cycle, bad function options, ...).
 */
export type ConfigErrorCode =
  | 'config-unreadable'
  | 'config-syntax'
  | 'config-schema'
  | 'unknown-ruleset'
  | 'config-invalid';

/** A mistake in a config file or ruleset, with its position (0 = unknown); the CLI prints `file:line:col: message`. */
export class ConfigError extends PositionedError<ConfigErrorCode> {
  override readonly name = 'ConfigError';
  constructor(message: string, file: string, line = 0, column = 0, code: ConfigErrorCode = 'config-invalid') {
    super(code, message, file, line, column);
  }
}
