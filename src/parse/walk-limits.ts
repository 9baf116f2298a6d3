import type { JsonValue } from '../util/json.js';
import type { LoadErrorCode } from './errors.js';
import type { Limits } from './limits.js';

export interface ValueStats {
  /** Number of object members in the value (compared with the keys in the text to find duplicates). */
  keys: number;
  problem?: { code: LoadErrorCode; message: string };
}

/**
 * One iterative walk over a parsed value that counts keys and checks the limits and the data model
 * (finite numbers). Iterative so that a hostile nesting depth cannot overflow the stack.
 */
export function checkValue(root: JsonValue, limits: Limits): ValueStats {
  let keys = 0;
  let nodes = 0;
  const stack: Array<[JsonValue, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    nodes++;
    if (nodes > limits.maxNodes)
      return { keys, problem: { code: 'limit-nodes', message: `More than ${limits.maxNodes} values` } };
    if (typeof value === 'string') {
      if (value.length > limits.maxScalarLength) {
        return {
          keys,
          problem: {
            code: 'limit-scalar',
            message: `String longer than the limit of ${limits.maxScalarLength} characters`,
          },
        };
      }
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value))
        return { keys, problem: { code: 'non-finite-number', message: 'Number is not finite' } };
    } else if (value !== null && typeof value === 'object') {
      if (depth > limits.maxDepth) {
        return {
          keys,
          problem: { code: 'limit-depth', message: `Nesting deeper than the limit of ${limits.maxDepth}` },
        };
      }
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) stack.push([value[i] as JsonValue, depth + 1]);
      } else {
        for (const key of Object.keys(value)) {
          keys++;
          if (key.length > limits.maxScalarLength) {
            return {
              keys,
              problem: {
                code: 'limit-scalar',
                message: `Key longer than the limit of ${limits.maxScalarLength} characters`,
              },
            };
          }
          stack.push([value[key] as JsonValue, depth + 1]);
        }
      }
    }
  }
  return { keys };
}
