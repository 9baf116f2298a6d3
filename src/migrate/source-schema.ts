/**
 * Structural validation of a 0.7.0 source against the 0.7.0 JSON Schema (shipped in
 * `schemas/mcp-description-0.7.0.json`, see schemas/README-0.7.0.md). The schema declares JSON
 * Schema draft-07, so it is compiled with Ajv's default (draft-07) class, once per process, lazily.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { JsonObject, JsonValue } from '../util/json.js';
import { loadAjv, loadAjvFormats } from '../util/lazy-modules.js';
import { appendPointer } from '../util/pointer.js';
import { withSafeKeywords } from '../validate/ajv-keywords.js';
import { LINEAR_ERRORS_CODE } from '../validate/linear-errors.js';

export const SCHEMA_FILE_070 = 'mcp-description-0.7.0.json';

export interface SourceIssue {
  pointer: string;
  message: string;
}

let compiled: ValidateFunction | undefined;

export function schema070(): JsonObject {
  const here = dirname(fileURLToPath(import.meta.url));
  // src/migrate/ and dist/migrate/ both sit two levels below the package root.
  return JSON.parse(readFileSync(join(here, '..', '..', 'schemas', SCHEMA_FILE_070), 'utf8')) as JsonObject;
}

function validator(): ValidateFunction {
  if (!compiled) {
    const ajv = withSafeKeywords(
      new (loadAjv().Ajv)({
        allErrors: true,
        strict: false,
        allowUnionTypes: true,
        code: LINEAR_ERRORS_CODE,
      }),
      loadAjv(),
    );
    loadAjvFormats()(ajv);
    compiled = ajv.compile(schema070());
  }
  return compiled;
}

function describeError(error: ErrorObject): { pointer: string; message: string } {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return {
        pointer: appendPointer(error.instancePath, String(params.additionalProperty)),
        message: `property ${JSON.stringify(params.additionalProperty)} is not allowed here in 0.7.0`,
      };
    case 'required':
      return {
        pointer: error.instancePath,
        message: `missing required property ${JSON.stringify(params.missingProperty)}`,
      };
    case 'enum':
      return {
        pointer: error.instancePath,
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    default:
      return { pointer: error.instancePath, message: error.message ?? error.keyword };
  }
}

const TRANSPORT_BRANCH: Record<string, string> = { 'streamable-http': '0', stdio: '1', sse: '2' };

/** Drops the complaints of `oneOf` branches the author did not mean (a transport's `type` picks one). */
function relevant(error: ErrorObject, value: JsonValue): boolean {
  if (error.schemaPath.startsWith('#/anyOf/')) return false; // summarised by the root anyOf error
  const branch = /^#\/properties\/transports\/items\/oneOf\/(\d)\//.exec(error.schemaPath);
  if (branch) {
    const index = /^\/transports\/(\d+)/.exec(error.instancePath)?.[1];
    const transports = (value as JsonObject).transports;
    const item = Array.isArray(transports) && index !== undefined ? transports[Number(index)] : undefined;
    const type = item !== null && typeof item === 'object' && !Array.isArray(item) ? item.type : undefined;
    const wanted = typeof type === 'string' ? TRANSPORT_BRANCH[type] : undefined;
    if (wanted === undefined) return error.keyword === 'const' && branch[1] === '0';
    return branch[1] === wanted;
  }
  return error.keyword !== 'oneOf';
}

/** Schema errors of a 0.7.0 document (empty when valid), one per pointer and message. */
export function validateSource070(value: JsonValue): SourceIssue[] {
  const validate = validator();
  if (validate(value)) return [];
  const seen = new Set<string>();
  const out: SourceIssue[] = [];
  for (const error of validate.errors ?? []) {
    if (!relevant(error, value)) continue;
    const issue =
      error.keyword === 'anyOf' && error.instancePath === ''
        ? {
            pointer: '',
            message:
              'a 0.7.0 document must declare at least one of tools, resources, resourceTemplates, prompts',
          }
        : error.keyword === 'const' && error.instancePath.endsWith('/type')
          ? {
              pointer: error.instancePath,
              message: 'transport type must be one of "streamable-http", "stdio", "sse"',
            }
          : describeError(error);
    const key = `${issue.pointer}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(issue);
  }
  return out;
}
