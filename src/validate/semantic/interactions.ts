/** Tool interaction examples (spec §9.4): input/result, steps per revision, declarations, responses. */
import { jsonEqual } from '../../util/json.js';
import {
  arr,
  type Ctx,
  earlierThan,
  entries,
  has,
  isObject,
  list,
  obj,
  type Primitive,
  type Segment,
} from '../context.js';
import { checkInstance, compileSchema } from '../embedded-schema.js';
import { checkToolInvocation } from './tool-examples.js';

function contradictions(
  ctx: Ctx,
  tool: Primitive,
  step: Record<string, unknown>,
  path: Segment[],
  where: string,
): void {
  const requirements = obj(tool.value.clientRequirements);
  if (!requirements) return; // never infer requirements when none are declared
  const warn = (at: Segment[], message: string) =>
    ctx.report('interaction-example-client-requirements-contradiction', at, `${where} ${message}`);
  const request = obj(step.request as never) ?? {};
  if (step.type === 'roots') {
    if (!has(requirements, 'roots'))
      warn(
        [...path, 'type'],
        'illustrates roots input, but the Tool clientRequirements do not declare roots',
      );
  } else if (step.type === 'sampling') {
    if (!has(requirements, 'sampling')) {
      warn(
        [...path, 'type'],
        'illustrates sampling, but the Tool clientRequirements do not declare sampling',
      );
      return;
    }
    const sampling = obj(requirements.sampling) ?? {};
    if ((has(request, 'tools') || has(request, 'toolChoice')) && !has(sampling, 'tools')) {
      warn(
        [...path, 'request', has(request, 'tools') ? 'tools' : 'toolChoice'],
        'illustrates sampling Tool use, but the Tool clientRequirements do not declare sampling.tools',
      );
    }
    if (
      typeof request.includeContext === 'string' &&
      request.includeContext !== 'none' &&
      !has(sampling, 'context')
    ) {
      warn(
        [...path, 'request', 'includeContext'],
        'illustrates sampling context inclusion, but the Tool clientRequirements do not declare sampling.context',
      );
    }
  } else if (step.type === 'elicitation') {
    if (!has(requirements, 'elicitation')) {
      warn(
        [...path, 'type'],
        'illustrates elicitation, but the Tool clientRequirements do not declare elicitation',
      );
      return;
    }
    const elicitation = obj(requirements.elicitation) ?? {};
    if (request.mode === 'url' && !has(elicitation, 'url'))
      warn(
        [...path, 'request', 'mode'],
        'illustrates URL elicitation, but the Tool clientRequirements do not declare elicitation.url',
      );
    if (request.mode === 'form' && Object.keys(elicitation).length > 0 && !has(elicitation, 'form')) {
      warn(
        [...path, 'request', 'mode'],
        'illustrates form elicitation, but the Tool clientRequirements do not declare elicitation.form',
      );
    }
  }
}

export function checkInteractions(ctx: Ctx): void {
  for (let index = 0; index < ctx.primitives.length; index++) {
    const tool = ctx.primitives[index] as Primitive;
    // Most tools have no interaction examples: nothing to look up for them.
    if (tool.kind !== 'tools' || !isObject(tool.value.interactionExamples)) continue;
    const declarations = new Map<string, Record<string, unknown>>();
    for (const e of arr(tool.value.elicitations)) {
      const d = obj(e);
      if (d && typeof d.name === 'string' && !declarations.has(d.name)) declarations.set(d.name, d);
    }
    for (const [name, example] of entries(tool.value.interactionExamples)) {
      if (!isObject(example)) continue;
      const path = [...tool.path, 'interactionExamples', name];
      const where = `interaction example ${JSON.stringify(name)}`;
      checkToolInvocation(ctx, tool, example, path, where);
      arr(example.steps).forEach((s, i) => {
        const step = obj(s);
        if (!step) return;
        const at = [...path, 'steps', i];
        const stepWhere = `${where} step ${i}`;
        contradictions(ctx, tool, step, at, stepWhere);
        const request = obj(step.request) ?? {};
        const response = obj(step.response) ?? {};
        if (step.type === 'elicitation') {
          const noElicitation = earlierThan(tool.scope, '2025-06-18');
          if (noElicitation.length > 0)
            ctx.report(
              'interaction-example-version-mismatch',
              [...at, 'type'],
              `${stepWhere}: elicitation is not defined for MCP ${list(noElicitation)}`,
              { atKey: false },
            );
          const noUrl = earlierThan(tool.scope, '2025-11-25').filter((v) => !noElicitation.includes(v));
          if (request.mode === 'url' && noUrl.length > 0)
            ctx.report(
              'interaction-example-version-mismatch',
              [...at, 'request', 'mode'],
              `${stepWhere}: URL-mode elicitation is not defined for MCP ${list(noUrl)}`,
              { atKey: false },
            );
          if (typeof step.declaration === 'string') {
            const declaration = declarations.get(step.declaration);
            if (!declaration) {
              ctx.report(
                'unknown-elicitation-declaration',
                [...at, 'declaration'],
                `${stepWhere}.declaration names no Elicitation Declaration ${JSON.stringify(step.declaration)} on this Tool`,
                { atKey: false },
              );
            } else {
              if (declaration.mode !== request.mode) {
                ctx.report(
                  'interaction-example-elicitation-declaration-mismatch',
                  [...at, 'request', 'mode'],
                  `${stepWhere}.request.mode ${JSON.stringify(request.mode)} differs from declaration ${JSON.stringify(step.declaration)} mode ${JSON.stringify(declaration.mode)}`,
                  { atKey: false },
                );
              } else if (
                request.mode === 'form' &&
                !jsonEqual(declaration.requestedSchema, request.requestedSchema)
              ) {
                ctx.report(
                  'interaction-example-elicitation-declaration-mismatch',
                  [...at, 'request', 'requestedSchema'],
                  `${stepWhere}.request.requestedSchema differs from the requestedSchema of declaration ${JSON.stringify(step.declaration)}`,
                );
              } else if (
                request.mode === 'url' &&
                declaration.url !== undefined &&
                declaration.url !== request.url
              ) {
                ctx.report(
                  'interaction-example-elicitation-declaration-mismatch',
                  [...at, 'request', 'url'],
                  `${stepWhere}.request.url differs from the url of declaration ${JSON.stringify(step.declaration)}`,
                );
              }
            }
          }
          if (request.mode === 'form' && response.action === 'accept') {
            if (!has(response, 'content')) {
              ctx.report(
                'interaction-example-elicitation-response-mismatch',
                [...at, 'response'],
                `${stepWhere}.response must contain content when a form elicitation is accepted`,
              );
            } else if (isObject(request.requestedSchema)) {
              const compiled = compileSchema(request.requestedSchema);
              if (compiled.ok) {
                const check = checkInstance(compiled.validate, response.content);
                if (check.errors.length > 0) {
                  ctx.report(
                    'interaction-example-elicitation-content-schema-mismatch',
                    [...at, 'response', 'content'],
                    `${stepWhere}.response.content does not validate against the requested schema: ${check.errors
                      .slice(0, 5)
                      .map((e) => e.message)
                      .join('; ')}`,
                  );
                }
              }
            }
          } else if (has(response, 'content')) {
            ctx.report(
              'interaction-example-elicitation-response-mismatch',
              [...at, 'response', 'content'],
              request.mode === 'url'
                ? `${stepWhere}.response.content is not allowed for URL elicitation responses`
                : `${stepWhere}.response.content is not allowed when action is ${JSON.stringify(response.action)}`,
            );
          }
        } else if (step.type === 'sampling') {
          const early = earlierThan(tool.scope, '2025-11-25');
          if ((has(request, 'tools') || has(request, 'toolChoice')) && early.length > 0) {
            ctx.report(
              'interaction-example-version-mismatch',
              [...at, 'request', has(request, 'tools') ? 'tools' : 'toolChoice'],
              `${stepWhere}.request uses sampling Tool fields, which are not defined for MCP ${list(early)}`,
            );
          }
        } else if (step.type === 'roots') {
          arr(response.roots).forEach((r, j) => {
            const uri = obj(r)?.uri;
            if (typeof uri === 'string' && !uri.startsWith('file://')) {
              ctx.report(
                'interaction-example-roots-uri',
                [...at, 'response', 'roots', j, 'uri'],
                `${stepWhere}.response.roots[${j}].uri must be a file:// URI`,
                { atKey: false },
              );
            }
          });
        }
      });
    }
  }
}
