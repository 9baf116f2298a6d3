/** Prompt examples (spec §11.3): arguments against declarations, completed GetPromptResult per revision. */
import {
  arr,
  type Ctx,
  ENVELOPE_FIELDS,
  earlierThan,
  entries,
  has,
  INCOMPLETE_FIELDS,
  isObject,
  list,
  obj,
} from '../context.js';
import { checkMeta } from './meta.js';
import { checkContentBlock } from './tool-examples.js';

export function checkPromptExamples(ctx: Ctx): void {
  for (const p of ctx.primitives) {
    if (p.kind !== 'prompts') continue;
    const declared = new Map<string, boolean>();
    for (const a of arr(p.value.arguments)) {
      const argument = obj(a);
      if (argument && typeof argument.name === 'string')
        declared.set(argument.name, argument.required === true);
    }
    for (const [name, example] of entries(p.value.examples)) {
      if (!isObject(example) || Object.hasOwn(example, '$componentRef')) continue;
      const path = [...p.path, 'examples', name];
      const where = `example ${JSON.stringify(name)}`;
      const args = obj(example.arguments) ?? {};
      for (const argument of Object.keys(args)) {
        if (!declared.has(argument)) {
          ctx.report(
            'prompt-example-unknown-argument',
            [...path, 'arguments', argument],
            `${where}.arguments contains ${JSON.stringify(argument)}, which ${p.label} does not declare`,
          );
        }
      }
      for (const [argument, required] of declared) {
        if (required && !Object.hasOwn(args, argument)) {
          ctx.report(
            'prompt-example-missing-required-argument',
            has(example, 'arguments') ? [...path, 'arguments'] : path,
            `${where}.arguments is missing required argument ${JSON.stringify(argument)}`,
          );
        }
      }
      const result = obj(example.result);
      if (!result) continue;
      const resultPath = [...path, 'result'];
      for (const field of ENVELOPE_FIELDS) {
        if (has(result, field))
          ctx.report(
            'prompt-example-json-rpc-envelope',
            [...resultPath, field],
            `${where}.result must not contain JSON-RPC envelope field ${JSON.stringify(field)}`,
          );
      }
      for (const field of INCOMPLETE_FIELDS) {
        if (has(result, field))
          ctx.report(
            'incomplete-prompt-example-result',
            [...resultPath, field],
            `${where}.result must not contain non-completed workflow field ${JSON.stringify(field)}`,
          );
      }
      const pre = p.scope.filter((v) => v !== '2026-07-28');
      if (p.scope.includes('2026-07-28') && result.resultType !== 'complete') {
        ctx.report(
          'prompt-example-result-version-mismatch',
          has(result, 'resultType') ? [...resultPath, 'resultType'] : resultPath,
          `${where}.result must contain resultType: "complete" for MCP 2026-07-28`,
        );
      }
      if (pre.length > 0 && has(result, 'resultType')) {
        ctx.report(
          'prompt-example-result-version-mismatch',
          [...resultPath, 'resultType'],
          `${where}.result.resultType is not defined for MCP ${list(pre)}`,
        );
      }
      const early = earlierThan(p.scope, '2025-06-18');
      if (early.length > 0 && has(result, '_meta'))
        ctx.report(
          'prompt-example-result-version-mismatch',
          [...resultPath, '_meta'],
          `${where}.result._meta is not defined for MCP ${list(early)}`,
        );
      checkMeta(ctx, result._meta, 'result', p.scope, [...resultPath, '_meta']);
      arr(result.messages).forEach((message, i) => {
        const content = obj(message)?.content;
        if (content !== undefined) {
          checkContentBlock(
            ctx,
            'prompt-example-content-version-mismatch',
            content,
            p.scope,
            [...resultPath, 'messages', i, 'content'],
            `${where}.result.messages[${i}].content`,
          );
        }
      });
    }
  }
}
