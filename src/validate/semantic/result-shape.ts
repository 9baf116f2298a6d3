import type { JsonObject } from '../../util/json.js';
import type { ValidateCode } from '../codes.js';
import { type Ctx, ENVELOPE_FIELDS, has, INCOMPLETE_FIELDS, list, type Segment } from '../context.js';

export interface ResultShapeCodes {
  envelope: ValidateCode;
  incomplete: ValidateCode;
  version: ValidateCode;
}

/**
 * The rules every example result shares (spec §9.3, §10.4.4, §10.4.6, §11.3): the bare completed
 * result, never a JSON-RPC envelope or a task / input-required form, and `resultType: "complete"`
 * required in 2026-07-28 and not defined before it.
 */
export function checkCompletedResultShape(
  ctx: Ctx,
  result: JsonObject,
  path: Segment[],
  where: string,
  scope: readonly string[],
  codes: ResultShapeCodes,
): void {
  for (const field of ENVELOPE_FIELDS) {
    if (has(result, field))
      ctx.report(
        codes.envelope,
        [...path, field],
        `${where} must not contain JSON-RPC envelope field ${JSON.stringify(field)}: examples carry the bare result`,
      );
  }
  for (const field of INCOMPLETE_FIELDS) {
    if (has(result, field))
      ctx.report(
        codes.incomplete,
        [...path, field],
        `${where} must not contain non-completed workflow field ${JSON.stringify(field)}`,
      );
  }
  if (scope.includes('2026-07-28') && result.resultType !== 'complete') {
    ctx.report(
      codes.version,
      has(result, 'resultType') ? [...path, 'resultType'] : path,
      `${where} must contain resultType: "complete" for MCP 2026-07-28`,
    );
  }
  const pre2026 = scope.filter((v) => v !== '2026-07-28');
  if (pre2026.length > 0 && has(result, 'resultType')) {
    ctx.report(
      codes.version,
      [...path, 'resultType'],
      `${where}.resultType is not defined for MCP ${list(pre2026)}`,
    );
  }
}
