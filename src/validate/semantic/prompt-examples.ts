/** Prompt examples (spec §11.3): arguments against declarations, completed GetPromptResult per revision. */
import { arr, type Ctx, earlierThan, entries, has, isObject, list, obj, type Primitive } from '../context.js';
import { checkMeta } from './meta.js';
import { checkCompletedResultShape } from './result-shape.js';
import { checkContentBlock } from './tool-examples.js';

export function checkPromptExamples(ctx: Ctx): void {
  for (let index = 0; index < ctx.primitives.length; index++) {
    const p = ctx.primitives[index] as Primitive;
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
      checkCompletedResultShape(ctx, result, resultPath, `${where}.result`, p.scope, {
        envelope: 'prompt-example-json-rpc-envelope',
        incomplete: 'incomplete-prompt-example-result',
        version: 'prompt-example-result-version-mismatch',
      });
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
