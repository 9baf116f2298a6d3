/** Tool examples (spec §9.3): input/structuredContent vs schemas, completed result shapes per revision. */
import type { ProtocolVersion } from '../../model/versions.js';
import type { JsonValue } from '../../util/json.js';
import type { ValidateCode } from '../codes.js';
import {
  arr,
  type Ctx,
  earlierThan,
  entries,
  has,
  isObject,
  list,
  type Primitive,
  type Segment,
} from '../context.js';
import {
  analyseSchema,
  checkInstance,
  compileSchema,
  incompleteReason,
  schemaKey,
} from '../embedded-schema.js';
import { checkMeta } from './meta.js';
import { checkCompletedResultShape } from './result-shape.js';

/** Content block revision rules shared by Tool results and Prompt messages. */
export function checkContentBlock(
  ctx: Ctx,
  code: ValidateCode,
  content: JsonValue,
  scope: readonly ProtocolVersion[],
  path: Segment[],
  where: string,
): void {
  if (!isObject(content)) return;
  const rules: [boolean, Segment[], ProtocolVersion, string][] = [
    [content.type === 'audio', [...path, 'type'], '2025-03-26', 'audio content'],
    [content.type === 'resource_link', [...path, 'type'], '2025-06-18', 'resource-link content'],
    [has(content, '_meta'), [...path, '_meta'], '2025-06-18', '_meta on content'],
    [
      content.type === 'resource' && has(content.resource, '_meta'),
      [...path, 'resource', '_meta'],
      '2025-06-18',
      '_meta on embedded resource contents',
    ],
    [
      content.type === 'resource_link' && has(content, 'icons'),
      [...path, 'icons'],
      '2025-11-25',
      'icons on resource links',
    ],
    [
      has(content.annotations, 'lastModified'),
      [...path, 'annotations', 'lastModified'],
      '2025-06-18',
      'annotations.lastModified',
    ],
  ];
  for (const [applies, at, since, what] of rules) {
    if (!applies) continue;
    const early = earlierThan(scope, since);
    if (early.length > 0)
      ctx.report(
        code,
        at,
        `${where} uses ${what}, which is not defined for MCP ${list(early)} (requires ${since} or later)`,
        { atKey: at[at.length - 1] !== 'type' },
      );
  }
  checkMeta(ctx, content._meta, 'content', scope, [...path, '_meta']);
  if (content.type === 'resource' && isObject(content.resource))
    checkMeta(ctx, content.resource._meta, 'content', scope, [...path, 'resource', '_meta']);
}

/** Validates one value against a Tool schema; reports mismatches and incomplete checks. */
export function checkAgainstSchema(
  ctx: Ctx,
  schema: JsonValue | undefined,
  value: JsonValue | undefined,
  scope: readonly ProtocolVersion[],
  path: Segment[],
  what: string,
): void {
  if (!isObject(schema) || Object.hasOwn(schema, '$componentRef') || value === undefined) return;
  const legacy = earlierThan(scope, '2025-11-25');
  const modern = scope.length > legacy.length;
  if (legacy.length > 0) {
    // Pre-dialect: only the constraints every dialect agrees on.
    if (schema.type === 'object' && !isObject(value)) {
      ctx.report('tool-example-schema-mismatch', path, `${what} must be an object`);
    } else if (isObject(value)) {
      for (const name of arr(schema.required)) {
        if (typeof name === 'string' && !Object.hasOwn(value, name))
          ctx.report(
            'tool-example-schema-mismatch',
            path,
            `${what} is missing required property ${JSON.stringify(name)}`,
          );
      }
      if (schema.additionalProperties === false && isObject(schema.properties)) {
        for (const name of Object.keys(value)) {
          if (!Object.hasOwn(schema.properties, name))
            ctx.report(
              'tool-example-schema-mismatch',
              [...path, name],
              `${what} contains undeclared property ${JSON.stringify(name)}`,
            );
        }
      }
    }
    ctx.report(
      'incomplete-tool-example-validation',
      path,
      `${what} compatibility could not be validated completely for MCP ${list(legacy)}: those revisions define no embedded-schema dialect`,
    );
    if (!modern) return;
  }
  const key = schemaKey(schema);
  const analysis = analyseSchema(schema, key);
  if (!analysis.dialect || analysis.metaErrors.length > 0 || analysis.brokenRefs.length > 0) return; // reported by tool-schemas
  const compiled = compileSchema(schema, key);
  if (!compiled.ok) {
    if (compiled.tooLarge)
      ctx.report(
        'incomplete-tool-example-validation',
        path,
        `${what} could not be validated: the Tool schema is too large to compile (${compiled.error})`,
      );
    return;
  }
  const result = checkInstance(compiled.validate, value);
  if (result.errors.length > 0) {
    ctx.report(
      'tool-example-schema-mismatch',
      path,
      `${what} does not validate against its Tool schema: ${result.errors
        .slice(0, 5)
        .map((e) => e.message)
        .join('; ')}`,
    );
  }
  if (compiled.partial) {
    ctx.report(
      'incomplete-tool-example-validation',
      path,
      `${what} could not be validated completely: the Tool schema has external $ref values (${[...new Set(analysis.externalRefs)].map((r) => JSON.stringify(r)).join(', ')}) that are never fetched`,
    );
  } else if (result.incomplete) {
    ctx.report(
      'incomplete-tool-example-validation',
      path,
      `${what} could not be validated completely: ${incompleteReason(result)}`,
    );
  }
}

/** Input + completed result of a Tool example or interaction example. */
export function checkToolInvocation(
  ctx: Ctx,
  tool: Primitive,
  example: JsonValue,
  path: Segment[],
  where: string,
): void {
  if (!isObject(example)) return;
  const result = isObject(example.result) ? example.result : undefined;
  const resultPath = [...path, 'result'];
  checkAgainstSchema(
    ctx,
    tool.value.inputSchema,
    example.input,
    tool.scope,
    [...path, 'input'],
    `${where}.input`,
  );
  if (!result) return;
  checkCompletedResultShape(ctx, result, resultPath, `${where}.result`, tool.scope, {
    envelope: 'tool-example-json-rpc-envelope',
    incomplete: 'incomplete-tool-example-result',
    version: 'tool-example-result-version-mismatch',
  });
  const scope = tool.scope;
  const pre2026 = scope.filter((v) => v !== '2026-07-28');
  const successful = result.isError !== true;
  if (has(result, 'structuredContent')) {
    const early = earlierThan(scope, '2025-06-18');
    if (early.length > 0)
      ctx.report(
        'tool-example-result-version-mismatch',
        [...resultPath, 'structuredContent'],
        `${where}.result.structuredContent is not defined for MCP ${list(early)}`,
      );
    if (!isObject(result.structuredContent) && pre2026.length > 0) {
      ctx.report(
        'tool-example-result-version-mismatch',
        [...resultPath, 'structuredContent'],
        `${where}.result.structuredContent must be an object for MCP ${list(pre2026)}`,
      );
    }
    if (!successful)
      ctx.report(
        'structured-tool-error-example',
        [...resultPath, 'structuredContent'],
        `${where}.result must not contain structuredContent when isError is true`,
      );
  } else if (successful && tool.value.outputSchema !== undefined) {
    ctx.report(
      'missing-tool-example-structured-content',
      resultPath,
      `${where}.result must contain structuredContent because the Tool declares outputSchema`,
    );
  }
  if (successful && has(result, 'structuredContent')) {
    checkAgainstSchema(
      ctx,
      tool.value.outputSchema,
      result.structuredContent,
      scope,
      [...resultPath, 'structuredContent'],
      `${where}.result.structuredContent`,
    );
  }
  checkMeta(ctx, result._meta, 'result', scope, [...resultPath, '_meta']);
  arr(result.content).forEach((content, i) => {
    checkContentBlock(
      ctx,
      'tool-example-content-version-mismatch',
      content,
      scope,
      [...resultPath, 'content', i],
      `${where}.result.content[${i}]`,
    );
  });
}

export function checkToolExamples(ctx: Ctx): void {
  for (let index = 0; index < ctx.primitives.length; index++) {
    const tool = ctx.primitives[index] as Primitive;
    // Most tools have no examples: no list of entries to build for them.
    if (tool.kind !== 'tools' || !isObject(tool.value.examples)) continue;
    for (const [name, example] of entries(tool.value.examples)) {
      if (isObject(example) && Object.hasOwn(example, '$componentRef')) continue;
      checkToolInvocation(
        ctx,
        tool,
        example,
        [...tool.path, 'examples', name],
        `example ${JSON.stringify(name)}`,
      );
    }
  }
}
