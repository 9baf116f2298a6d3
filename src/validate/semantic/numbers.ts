/**
 * Integers beyond ±(2^53 − 1) (spec §15.6 asks for values every JSON reader decodes alike): a reader
 * that decodes numbers as IEEE doubles, as JavaScript and most JSON libraries do, silently changes
 * such a value (9007199254740993 reads as 9007199254740992). The document stays valid; a warning
 * says where, since every tool reading it (this one included) may see a different number.
 */
import { forEachUnsafeInteger } from '../../parse/numbers.js';
import type { Ctx } from '../context.js';

export function checkIntegerPrecision(ctx: Ctx): void {
  if (!ctx.mayHoldUnsafeIntegers) return;
  forEachUnsafeInteger(ctx.doc, (path, value) =>
    ctx.report(
      'integer-precision-loss',
      [...path],
      `the integer ${BigInt(value)} is beyond ±2^53 (±${Number.MAX_SAFE_INTEGER}): readers that use doubles, this one included, may see a different value; write it as a string or a smaller number`,
    ),
  );
}
