/**
 * Integers beyond ±(2^53 − 1) (spec §15.6 asks for values every JSON reader decodes alike): a reader
 * that decodes numbers as IEEE doubles, as JavaScript and most JSON libraries do, silently changes
 * such a value (9007199254740993 reads as 9007199254740992). The document stays valid; a warning
 * says where, since every tool reading it (this one included) may see a different number.
 */
import type { JsonValue } from '../../util/json.js';
import type { Ctx, Segment } from '../context.js';

export function checkIntegerPrecision(ctx: Ctx): void {
  if (!ctx.mayHoldUnsafeIntegers) return;
  // Every value of the document is visited: one path, extended and shortened in place (copied only
  // for a report), and index loops rather than entries() or spread copies, which allocated a path
  // and an entry array per value.
  const path: Segment[] = [];
  const visit = (value: JsonValue): void => {
    if (typeof value === 'number') {
      if (Number.isInteger(value) && !Number.isSafeInteger(value))
        ctx.report(
          'integer-precision-loss',
          path.slice(),
          `the integer ${BigInt(value)} is beyond ±2^53 (±${Number.MAX_SAFE_INTEGER}): readers that use doubles, this one included, may see a different value; write it as a string or a smaller number`,
        );
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        visit(value[i] as JsonValue);
        path.pop();
      }
      return;
    }
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      path.push(key);
      visit(value[key] as JsonValue);
      path.pop();
    }
  };
  visit(ctx.doc);
}
