/** Resource and Resource Template examples (spec §10.4): completed read results, cache fields, expansions. */
import type { ProtocolVersion } from '../../model/versions.js';
import type { JsonValue } from '../../util/json.js';
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
import { matchesTemplate, type Part, parseUriTemplate, UriTemplateError } from '../uri-template.js';
import { checkMeta } from './meta.js';
import { checkCompletedResultShape } from './result-shape.js';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Canonical base64: right alphabet, right padding, zero pad bits. */
export function isCanonicalBase64(value: string): boolean {
  if (value.length % 4 !== 0 || !BASE64.test(value)) return false;
  if (value.endsWith('==')) return 'AQgw'.includes(value.at(-3) as string);
  if (value.endsWith('=')) return 'AEIMQUYcgkosw048'.includes(value.at(-2) as string);
  return true;
}

function decodedLength(value: string): number {
  return (value.length / 4) * 3 - (value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0);
}

/** Parses a template once per string; undefined when invalid. */
const templates = new Map<string, Part[] | UriTemplateError>();
export function parsedTemplate(template: string): Part[] | UriTemplateError {
  let parsed = templates.get(template);
  if (!parsed) {
    try {
      parsed = parseUriTemplate(template);
    } catch (error) {
      parsed = error instanceof UriTemplateError ? error : new UriTemplateError(String(error));
    }
    templates.set(template, parsed);
  }
  return parsed;
}

function checkResult(
  ctx: Ctx,
  result: JsonValue,
  scope: readonly ProtocolVersion[],
  path: Segment[],
  where: string,
): void {
  if (!isObject(result)) return;
  checkCompletedResultShape(ctx, result, path, where, scope, {
    envelope: 'resource-example-json-rpc-envelope',
    incomplete: 'incomplete-resource-example-result',
    version: 'resource-example-result-version-mismatch',
  });
  // Resource reads also carry cache fields: required in 2026-07-28, not defined before it.
  const pre = scope.filter((v) => v !== '2026-07-28');
  for (const field of ['ttlMs', 'cacheScope']) {
    if (scope.includes('2026-07-28') && !has(result, field))
      ctx.report(
        'resource-example-cache-fields-version-mismatch',
        path,
        `${where}.${field} is required for MCP 2026-07-28`,
      );
    if (pre.length > 0 && has(result, field))
      ctx.report(
        'resource-example-cache-fields-version-mismatch',
        [...path, field],
        `${where}.${field} is not defined for MCP ${list(pre)}`,
      );
  }
  const early = earlierThan(scope, '2025-06-18');
  if (early.length > 0 && has(result, '_meta'))
    ctx.report(
      'resource-example-result-version-mismatch',
      [...path, '_meta'],
      `${where}._meta is not defined for MCP ${list(early)}`,
    );
  checkMeta(ctx, result._meta, 'result', scope, [...path, '_meta']);
  arr(result.contents).forEach((content, i) => {
    if (early.length > 0 && has(content, '_meta'))
      ctx.report(
        'resource-example-content-version-mismatch',
        [...path, 'contents', i, '_meta'],
        `${where}.contents[${i}]._meta is not defined for MCP ${list(early)}`,
      );
    if (isObject(content)) checkMeta(ctx, content._meta, 'content', scope, [...path, 'contents', i, '_meta']);
  });
}

function checkContents(
  ctx: Ctx,
  owner: Record<string, JsonValue>,
  requested: string,
  result: JsonValue,
  path: Segment[],
  where: string,
): void {
  if (!isObject(result)) return;
  let found = false;
  arr(result.contents).forEach((c, i) => {
    if (!isObject(c)) return;
    const at = [...path, 'contents', i];
    if (typeof c.blob === 'string' && !isCanonicalBase64(c.blob)) {
      ctx.report(
        'invalid-resource-example-base64',
        [...at, 'blob'],
        `${where}.contents[${i}].blob must be valid canonical base64`,
      );
    }
    if (c.uri !== requested) return;
    found = true;
    if (
      typeof owner.mimeType === 'string' &&
      typeof c.mimeType === 'string' &&
      c.mimeType !== owner.mimeType
    ) {
      ctx.report(
        'resource-example-mime-type-mismatch',
        [...at, 'mimeType'],
        `${where}.contents[${i}].mimeType ${JSON.stringify(c.mimeType)} differs from the declared mimeType ${JSON.stringify(owner.mimeType)}`,
      );
    }
    if (typeof owner.size === 'number') {
      const actual =
        typeof c.text === 'string'
          ? Buffer.byteLength(c.text, 'utf8')
          : typeof c.blob === 'string' && isCanonicalBase64(c.blob)
            ? decodedLength(c.blob)
            : undefined;
      if (actual !== undefined && actual !== owner.size) {
        ctx.report(
          'resource-example-size-mismatch',
          at,
          `${where}.contents[${i}] holds ${actual} raw bytes, but the declared size is ${owner.size}`,
          { atKey: false },
        );
      }
    }
  });
  if (!found) {
    ctx.report(
      'resource-example-requested-uri-not-returned',
      [...path, 'contents'],
      `${where}.contents has no entry for the requested URI ${JSON.stringify(requested)}; this is valid only for a documented collection or indirection`,
    );
  }
}

export function checkResourceExamples(ctx: Ctx): void {
  for (let index = 0; index < ctx.primitives.length; index++) {
    const p = ctx.primitives[index] as Primitive;
    if (p.kind !== 'resources' && p.kind !== 'resourceTemplates') continue;
    const examples = entries(p.value.examples);
    if (examples.length === 0) continue;
    let template: Part[] | undefined;
    if (p.kind === 'resourceTemplates' && typeof p.value.uriTemplate === 'string') {
      const parsed = parsedTemplate(p.value.uriTemplate);
      if (parsed instanceof UriTemplateError) {
        ctx.report(
          'resource-template-example-invalid-template',
          [...p.path, 'uriTemplate'],
          `uriTemplate ${JSON.stringify(p.value.uriTemplate)} is not a valid RFC 6570 template: ${parsed.message}`,
        );
      } else template = parsed;
    }
    for (const [name, example] of examples) {
      if (!isObject(example) || Object.hasOwn(example, '$componentRef')) continue;
      const path = [...p.path, 'examples', name];
      const where = `example ${JSON.stringify(name)}`;
      const requested = p.kind === 'resources' ? p.value.uri : example.uri;
      if (
        p.kind === 'resourceTemplates' &&
        typeof requested === 'string' &&
        template &&
        !matchesTemplate(template, requested)
      ) {
        ctx.report(
          'resource-template-example-invalid-expansion',
          [...path, 'uri'],
          `${where}.uri ${JSON.stringify(requested)} is not an expansion of ${JSON.stringify(p.value.uriTemplate)}`,
        );
      }
      checkResult(ctx, example.result as JsonValue, p.scope, [...path, 'result'], `${where}.result`);
      if (typeof requested === 'string')
        checkContents(
          ctx,
          p.value,
          requested,
          example.result as JsonValue,
          [...path, 'result'],
          `${where}.result`,
        );
    }
  }
}
