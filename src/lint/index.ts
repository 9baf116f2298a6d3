/** The lint library API: resolve a config, lint loaded documents. */

export {
  type BaselineSide,
  type BaselineSplit,
  baselineKey,
  splitByBaseline,
  stablePointer,
} from './baseline.js';
export { type CachedLint, cacheKey, configFingerprint, DEFAULT_CACHE_FILE, LintCache } from './cache.js';
export {
  BUILTIN_RULESETS,
  CONFIG_FILE_NAMES,
  ConfigError,
  type ConfigErrorCode,
  findConfigFile,
  isInvalidatingCode,
  type ResolvedConfig,
  readSchemaSemantics,
  resolveConfig,
} from './config.js';
export {
  expiredIgnoreFindings,
  INLINE_IGNORE_KEY,
  type LintOptions,
  type LintResult,
  lintDocument,
} from './engine.js';
export { BUILTIN_FUNCTIONS } from './functions/index.js';
export { compileGlob, expandGlob, isGlob, isIgnoredFile, matchesAny } from './glob.js';
export { buildSubjects } from './subjects.js';
export type {
  FunctionContext,
  FunctionDefinition,
  FunctionResult,
  LintFunction,
  RuleDefinition,
  Subject,
  SubjectType,
} from './types.js';
