/**
 * Hard input limits (spec §15.8: treat input as untrusted and bound size, depth, scalars and collections).
 * Defaults are generous enough for gateway descriptions with tens of thousands of tools.
 */
export interface Limits {
  /** Maximum document size in bytes. */
  maxBytes: number;
  /** Maximum nesting depth of arrays and objects. */
  maxDepth: number;
  /** Maximum number of values (objects, arrays, scalars) in the document. */
  maxNodes: number;
  /** Maximum length of one string value or key, in UTF-16 code units. */
  maxScalarLength: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxBytes: 64 * 1024 * 1024,
  maxDepth: 256,
  maxNodes: 10_000_000,
  maxScalarLength: 1024 * 1024,
});

/**
 * The limits of one load: DEFAULT_LIMITS with the caller's overrides. There is no process-wide
 * setting: each task passes the limits it was given (src/app/context.ts), so two runs in one process
 * (a library caller, the Action, tests) each apply their own.
 */
export function resolveLimits(overrides: Partial<Limits> | undefined): Limits {
  return { ...DEFAULT_LIMITS, ...overrides };
}
