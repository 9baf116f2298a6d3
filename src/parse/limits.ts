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

let processDefaults: Limits = { ...DEFAULT_LIMITS };

/**
 * Sets the limits every load uses unless it passes its own: the CLI's `--max-*` options call this
 * once, so each command does not have to thread limits through to every load.
 */
export function configureLimits(overrides: Partial<Limits>): void {
  processDefaults = { ...DEFAULT_LIMITS, ...overrides };
}

export function resolveLimits(overrides: Partial<Limits> | undefined): Limits {
  return { ...processDefaults, ...overrides };
}
