import type { JsonValue } from '../util/json.js';
import type { LoadErrorCode } from './errors.js';
import type { Limits } from './limits.js';

export interface ValueStats {
  /** Number of object members in the value (compared with the keys in the text to find duplicates). */
  keys: number;
  /** True when a number in the value is an integer beyond ±(2^53 − 1) (its text said another). */
  unsafeIntegers: boolean;
  problem?: { code: LoadErrorCode; message: string };
}

class LimitExceeded extends Error {
  constructor(
    readonly code: LoadErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One walk over a parsed value that counts keys, checks the limits and the data model (finite
 * numbers) and notes integers beyond ±(2^53 − 1), which later checks then need not look for.
 * Recursive: callers bound the depth first (the JSON prescan refuses deeper text before it is
 * parsed), and the walk itself stops at `maxDepth`, so the stack stays small.
 */
export function checkValue(root: JsonValue, limits: Limits): ValueStats {
  let keys = 0;
  let nodes = 0;
  let unsafeIntegers = false;
  const { maxDepth, maxNodes, maxScalarLength } = limits;
  const visit = (value: JsonValue, depth: number): void => {
    if (++nodes > maxNodes) throw new LimitExceeded('limit-nodes', `More than ${maxNodes} values`);
    if (typeof value === 'string') {
      if (value.length > maxScalarLength) {
        throw new LimitExceeded(
          'limit-scalar',
          `String longer than the limit of ${maxScalarLength} characters`,
        );
      }
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new LimitExceeded('non-finite-number', 'Number is not finite');
      if (!Number.isSafeInteger(value) && Number.isInteger(value)) unsafeIntegers = true;
    } else if (value !== null && typeof value === 'object') {
      if (depth > maxDepth)
        throw new LimitExceeded('limit-depth', `Nesting deeper than the limit of ${maxDepth}`);
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) visit(value[i] as JsonValue, depth + 1);
      } else {
        for (const key in value) {
          keys++;
          if (key.length > maxScalarLength) {
            throw new LimitExceeded(
              'limit-scalar',
              `Key longer than the limit of ${maxScalarLength} characters`,
            );
          }
          visit(value[key] as JsonValue, depth + 1);
        }
      }
    }
  };
  try {
    visit(root, 1);
  } catch (error) {
    if (error instanceof LimitExceeded)
      return { keys, unsafeIntegers, problem: { code: error.code, message: error.message } };
    // Only reachable with a --max-depth far above the default: the stack ran out first.
    if (error instanceof RangeError)
      return { keys, unsafeIntegers, problem: { code: 'limit-depth', message: 'Nesting too deep to check' } };
    throw error;
  }
  return { keys, unsafeIntegers };
}
