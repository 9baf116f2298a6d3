/**
 * What every task of the application layer is run with, passed in rather than read from module
 * globals: the input limits (`--max-*`). The regex time budget is per run already
 * (`withRegexBudget` scopes it to one validation or comparison).
 *
 * Not yet threaded through: the parse stage still falls back to the limits `configureLimits` set
 * for the process (src/parse/limits.ts), which the CLI sets once from the same options; loads that
 * the app layer does not make itself (git operands of `diff`, the merge driver) use those.
 */
import type { Limits } from '../parse/limits.js';

export interface AppContext {
  /** Input limits for every document the task loads (default: the process defaults). */
  limits?: Partial<Limits>;
}
