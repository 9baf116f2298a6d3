/** Completion examples on Prompts and Resource Templates (spec §10.4.6, §11.4). */

import { arr, type Ctx, earlierThan, entries, has, isObject, list, obj, type Primitive } from '../context.js';
import { templateVariables, UriTemplateError } from '../uri-template.js';
import { checkMeta } from './meta.js';
import { parsedTemplate } from './resource-examples.js';
import { checkCompletedResultShape } from './result-shape.js';

export function checkCompletionExamples(ctx: Ctx): void {
  for (let index = 0; index < ctx.primitives.length; index++) {
    const p = ctx.primitives[index] as Primitive;
    if (p.kind !== 'prompts' && p.kind !== 'resourceTemplates') continue;
    const examples = entries(p.value.completionExamples);
    if (examples.length === 0) continue;
    const isPrompt = p.kind === 'prompts';
    let allowed: Set<string> | undefined;
    if (isPrompt) {
      allowed = new Set(
        arr(p.value.arguments).flatMap((a) =>
          typeof obj(a)?.name === 'string' ? [obj(a)?.name as string] : [],
        ),
      );
    } else if (typeof p.value.uriTemplate === 'string') {
      const parsed = parsedTemplate(p.value.uriTemplate);
      if (parsed instanceof UriTemplateError) {
        ctx.report(
          'resource-template-completion-example-invalid-template',
          [...p.path, 'uriTemplate'],
          `uriTemplate ${JSON.stringify(p.value.uriTemplate)} is not a valid RFC 6570 template (${parsed.message}), so completion example variables cannot be checked`,
        );
      } else allowed = templateVariables(parsed);
    }
    const noun = isPrompt ? 'declared Prompt argument' : 'variable of the uriTemplate';
    for (const [name, example] of examples) {
      if (!isObject(example)) continue;
      const path = [...p.path, 'completionExamples', name];
      const where = `completion example ${JSON.stringify(name)}`;
      const target = obj(example.argument)?.name;
      if (typeof target === 'string' && allowed && !allowed.has(target)) {
        ctx.report(
          isPrompt
            ? 'prompt-completion-example-unknown-argument'
            : 'resource-template-completion-example-unknown-variable',
          [...path, 'argument', 'name'],
          `${where}.argument.name ${JSON.stringify(target)} is not a ${noun}`,
          { atKey: false },
        );
      }
      for (const argument of Object.keys(obj(obj(example.context)?.arguments) ?? {})) {
        const at = [...path, 'context', 'arguments', argument];
        if (allowed && !allowed.has(argument)) {
          ctx.report(
            isPrompt
              ? 'prompt-completion-example-context-unknown-argument'
              : 'resource-template-completion-example-context-unknown-variable',
            at,
            `${where}.context.arguments contains ${JSON.stringify(argument)}, which is not a ${noun}`,
          );
        }
        if (argument === target) {
          ctx.report(
            'completion-example-duplicate-target-context',
            at,
            `${where}.context.arguments must not repeat the completed argument ${JSON.stringify(argument)}`,
          );
        }
      }
      const none = earlierThan(p.scope, '2025-03-26');
      if (none.length > 0) {
        ctx.report(
          'completion-example-version-mismatch',
          path,
          `${where} applies to MCP ${list(none)}, which does not define completion (requires 2025-03-26 or later)`,
        );
      }
      const scope = p.scope.filter((v) => !none.includes(v));
      const noContext = earlierThan(scope, '2025-06-18');
      if (has(example, 'context') && noContext.length > 0) {
        ctx.report(
          'completion-example-context-version-mismatch',
          [...path, 'context'],
          `${where}.context is not defined for MCP ${list(noContext)} (requires 2025-06-18 or later)`,
        );
      }
      const result = obj(example.result);
      if (!result || scope.length === 0) continue;
      const resultPath = [...path, 'result'];
      checkCompletedResultShape(ctx, result, resultPath, `${where}.result`, scope, {
        envelope: 'completion-example-json-rpc-envelope',
        incomplete: 'incomplete-completion-example-result',
        version: 'completion-example-result-version-mismatch',
      });
      if (noContext.length > 0 && has(result, '_meta')) {
        ctx.report(
          'completion-example-result-version-mismatch',
          [...resultPath, '_meta'],
          `${where}.result._meta is not defined for MCP ${list(noContext)}`,
        );
      }
      checkMeta(ctx, result._meta, 'result', scope, [...resultPath, '_meta']);
    }
  }
}
