/**
 * What every task of the application layer is run with, passed in rather than read from module
 * globals: the input limits (`--max-*`). Every read a task makes, its operands and the files it
 * reads besides them (config files and what they extend, the ignore file, the `--baseline` side,
 * the merge driver's three sides, a live server's answers), is bounded by these limits and by no
 * process-wide setting, so two tasks run in one process each apply their own.
 *
 * The regular-expression time budget is not here: it is module state in src/util/regex-guard.ts,
 * reset at the start of each validation, diff or schema comparison (`withRegexBudget`); see
 * docs/architecture.md for why it is not a value passed down.
 */
import type { Limits } from '../parse/limits.js';

export interface AppContext {
  /** Input limits for every document and file the task reads (default: DEFAULT_LIMITS). */
  limits?: Partial<Limits>;
}
