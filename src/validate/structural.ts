/**
 * Structural validation against the published mcpdesc 0.8.0 JSON Schema (shipped byte for byte in
 * `schemas/mcp-description-0.8.0.json`, see schemas/README.md), with Ajv 2020-12 compiled once per
 * process (lazily, on first use).
 *
 * Before compiling, discriminated `oneOf`s (branches told apart by a `type`/`mode` constant, or by the
 * presence of `$componentRef`) are rewritten into equivalent `if`/`then`/`else` chains. The accepted
 * language is unchanged; the point is that Ajv then reports the errors of the branch the author
 * meant ("stdio transport: missing `command`") instead of every branch's complaints.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { isJsonObject, type JsonObject, type JsonValue } from '../util/json.js';
import { loadAjv2020, loadAjvFormats } from '../util/lazy-modules.js';
import { appendPointer, getAtPointer, parsePointer } from '../util/pointer.js';
import { requirePrecompiled } from '../util/precompiled.js';
import { withSafeKeywords } from './ajv-keywords.js';
import type { ValidateCode } from './codes.js';
import { LINEAR_ERRORS_CODE } from './linear-errors.js';

export const SCHEMA_FILE = 'mcp-description-0.8.0.json';
export const SCHEMA_ID = 'https://mcpdesc.org/schema/mcp-description/0.8.0.json';

export interface StructuralIssue {
  code: ValidateCode;
  /** Pointer of the most specific node: the offending key for unknown properties, else the value. */
  pointer: string;
  /** True when the pointer names a property key (locate the key rather than the value). */
  atKey: boolean;
  message: string;
}

let compiled: ValidateFunction | undefined;
let rawSchema: JsonObject | undefined;
let rewrittenSchema: JsonObject | undefined;

/** The published schema as shipped in the package (read once). */
export function publishedSchema(): JsonObject {
  if (!rawSchema) {
    const here = dirname(fileURLToPath(import.meta.url));
    // src/validate/ and dist/validate/ both sit two levels below the package root.
    const path = join(here, '..', '..', 'schemas', SCHEMA_FILE);
    rawSchema = JSON.parse(readFileSync(path, 'utf8')) as JsonObject;
  }
  return rawSchema;
}

/** Ajv options of the structural validator; `scripts/precompile-validator.mjs` uses the same ones. */
export const STRUCTURAL_AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  allowUnionTypes: true,
  // Neither `verbose` (errors carrying their schemas) nor inlined `$ref`s: the one error that needs
  // its schema (`not`) looks it up by `schemaPath`, and without them the precompiled validator is
  // 309 KB instead of 427 KB, which every cold start compiles.
  verbose: false,
  inlineRefs: false,
  code: LINEAR_ERRORS_CODE,
} as const;

/** The schema the structural validator compiles: the published one with discriminated oneOfs rewritten. */
export function structuralSchema(): JsonObject {
  rewrittenSchema ??= discriminateOneOfs(publishedSchema());
  return rewrittenSchema;
}

/**
 * The build precompiles the validator to standalone code next to this module (compiling the
 * published schema costs ~0.4 s, a cost every CLI run would otherwise pay). Running from sources
 * (tests) there is no such file, and the schema is compiled here instead.
 */
function validator(): ValidateFunction {
  if (!compiled) {
    try {
      compiled = requirePrecompiled(
        new URL('./structural.precompiled.cjs', import.meta.url),
      ) as ValidateFunction;
    } catch {
      const ajv = withSafeKeywords(new (loadAjv2020().Ajv2020)(STRUCTURAL_AJV_OPTIONS), loadAjv2020());
      loadAjvFormats()(ajv as never);
      compiled = ajv.compile(structuralSchema());
    }
  }
  return compiled;
}

// ---------------------------------------------------------------------------------------------
// oneOf → if/then/else for discriminated unions

type Discriminator = { kind: 'const'; property: string; values: JsonValue[] } | { kind: 'ref' };

function deref(root: JsonObject, schema: JsonValue): JsonValue {
  if (isJsonObject(schema) && typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) {
    return getAtPointer(root, schema.$ref.slice(1)) as JsonValue;
  }
  return schema;
}

function discriminatorOf(root: JsonObject, branch: JsonValue, property: string): JsonValue[] | undefined {
  const schema = deref(root, branch);
  if (!isJsonObject(schema) || !isJsonObject(schema.properties)) return undefined;
  const prop = schema.properties[property];
  if (!isJsonObject(prop)) return undefined;
  if (Object.hasOwn(prop, 'const')) return [prop.const as JsonValue];
  if (Array.isArray(prop.enum)) return prop.enum;
  return undefined;
}

function analyse(root: JsonObject, branches: JsonValue[]): Discriminator[] | undefined {
  const isRefBranch = (b: JsonValue) => isJsonObject(b) && b.$ref === '#/$defs/referenceObject';
  if (branches.length === 2 && branches.some(isRefBranch)) return branches.map(() => ({ kind: 'ref' }));
  for (const property of ['type', 'mode']) {
    const found = branches.map((b) => discriminatorOf(root, b, property));
    if (found.some((values) => values === undefined)) continue;
    const all = found.flat().map((v) => JSON.stringify(v));
    if (new Set(all).size !== all.length) continue; // not disjoint
    return found.map((values) => ({ kind: 'const', property, values: values as JsonValue[] }));
  }
  return undefined;
}

function conditionFor(d: Discriminator): JsonObject {
  if (d.kind === 'ref') return { required: ['$componentRef'] };
  return { required: [d.property], properties: { [d.property]: { enum: d.values } } };
}

/** `{if, then, else}` (built from entries: a literal `then` key trips thenable linters). */
function ifThenElse(condition: JsonValue, then: JsonValue, otherwise: JsonValue): JsonObject {
  return Object.fromEntries([
    ['if', condition],
    ['then', then],
    ['else', otherwise],
  ]) as JsonObject;
}

function discriminateOneOfs(root: JsonObject): JsonObject {
  const visit = (node: JsonValue): JsonValue => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isJsonObject(node)) return node;
    const out: JsonObject = {};
    for (const key of Object.keys(node)) out[key] = visit(node[key] as JsonValue);
    const branches = out.oneOf;
    if (Array.isArray(branches)) {
      const discriminators = analyse(root, node.oneOf as JsonValue[]);
      if (discriminators) {
        let chain: JsonObject;
        if (discriminators[0]?.kind === 'ref') {
          const refIndex = branches.findIndex((b) => isJsonObject(b) && b.$ref === '#/$defs/referenceObject');
          chain = ifThenElse(
            { type: 'object', required: ['$componentRef'] },
            branches[refIndex] as JsonValue,
            branches[1 - refIndex] as JsonValue,
          );
        } else {
          const d0 = discriminators[0] as Extract<Discriminator, { kind: 'const' }>;
          const allValues = discriminators.flatMap((d) => (d.kind === 'const' ? d.values : []));
          // The last else: the discriminator itself is missing or unknown.
          chain = {
            type: 'object',
            required: [d0.property],
            properties: { [d0.property]: { enum: allValues } },
          };
          for (let i = branches.length - 1; i >= 0; i--) {
            chain = ifThenElse(
              conditionFor(discriminators[i] as Discriminator),
              branches[i] as JsonValue,
              chain,
            );
          }
        }
        delete out.oneOf;
        out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), chain];
      }
    }
    return out;
  };
  return visit(root) as JsonObject;
}

// ---------------------------------------------------------------------------------------------
// error mapping

function codeFor(error: ErrorObject, pointer: string): ValidateCode {
  const segments = parsePointer(pointer);
  const last = segments[segments.length - 1];
  const parent = segments[segments.length - 2];
  switch (error.keyword) {
    case 'additionalProperties':
      return 'unknown-property';
    case 'minItems':
    case 'minProperties':
      return (error.params as { limit?: number }).limit === 1 ? 'empty-collection' : 'schema-validation';
    case 'uniqueItems':
      if (segments.includes('security') && !segments.includes('inputSchema'))
        return 'duplicate-security-scope';
      return 'schema-validation';
    case 'pattern':
    case 'propertyNames':
      if (parent === '_meta') return 'meta-key-invalid';
      if (parent === 'extensions') return 'invalid-extension-identifier';
      return 'schema-validation';
    case 'enum':
      if (parent === 'protocolVersions' || last === 'protocolVersions') return 'unsupported-protocol-version';
      return 'schema-validation';
    default:
      return 'schema-validation';
  }
}

/** `forbidden`: the property a failed `not: {required: [x]}` names (forbiddenProperty). */
function describe(error: ErrorObject, value: unknown, forbidden: string | undefined): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `missing required property ${JSON.stringify(params.missingProperty)}`;
    case 'additionalProperties':
      return String(params.additionalProperty).startsWith('x-')
        ? `property ${JSON.stringify(params.additionalProperty)} is not allowed: this object is not eligible for x-* extensions`
        : `unknown property ${JSON.stringify(params.additionalProperty)} is not allowed on this object`;
    case 'propertyNames':
    case 'pattern':
      if (propertyNameOf(error) !== undefined) {
        return `name ${JSON.stringify(propertyNameOf(error))} is not allowed here (names must match ${JSON.stringify(params.pattern ?? '')})`;
      }
      return `${JSON.stringify(value)} must match pattern ${JSON.stringify(params.pattern)}`;
    case 'enum':
      return `${JSON.stringify(value)} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'minItems':
      return params.limit === 1
        ? 'must not be empty (omit the property instead)'
        : `must have at least ${params.limit} items`;
    case 'minProperties':
      return params.limit === 1
        ? 'must have at least one entry (omit the property instead)'
        : `must have at least ${params.limit} properties`;
    case 'type':
      return `must be ${params.type === 'object' ? 'an object' : params.type === 'array' ? 'an array' : `a ${params.type}`}`;
    case 'format':
      return `${JSON.stringify(value)} is not a valid ${params.format}`;
    case 'uniqueItems':
      return `must not contain duplicate items (items ${params.j} and ${params.i} are equal)`;
    case 'not':
      return forbidden === undefined
        ? 'is not allowed in this form'
        : `property ${JSON.stringify(forbidden)} is not allowed in this form`;
    case 'anyOf':
      return 'must match at least one of the allowed forms';
    default:
      return error.message ?? `fails ${error.keyword}`;
  }
}

/**
 * `not: {required: [x]}`: the property x that must be absent. Errors do not carry their schemas
 * (no `verbose`), and a `schemaPath` is relative to the definition whose function reported it, so
 * the candidates are the `not`s at that path under the root and under every definition, and the one
 * whose property the value has is the one that failed. Read on failures only.
 */
function forbiddenProperty(error: ErrorObject, value: unknown): string | undefined {
  if (error.keyword !== 'not' || !isJsonObject(value) || !error.schemaPath.startsWith('#/')) return undefined;
  const schema = structuralSchema();
  const definitions = isJsonObject(schema.$defs) ? Object.values(schema.$defs) : [];
  const found = new Set<string>();
  for (const root of [schema, ...definitions]) {
    const not = getAtPointer(root, error.schemaPath.slice(1));
    const required = isJsonObject(not) && Array.isArray(not.required) ? not.required : undefined;
    const name = required?.length === 1 ? required[0] : undefined;
    if (typeof name === 'string' && Object.hasOwn(value, name)) found.add(name);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

function propertyNameOf(error: ErrorObject): string | undefined {
  const name =
    (error as ErrorObject & { propertyName?: string }).propertyName ??
    (error.params as { propertyName?: string }).propertyName;
  return typeof name === 'string' ? name : undefined;
}

function pointerOf(error: ErrorObject, forbidden: string | undefined): { pointer: string; atKey: boolean } {
  const params = error.params as Record<string, unknown>;
  if (forbidden !== undefined) return { pointer: appendPointer(error.instancePath, forbidden), atKey: true };
  const propertyName = propertyNameOf(error);
  if (propertyName !== undefined)
    return { pointer: appendPointer(error.instancePath, propertyName), atKey: true };
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return { pointer: appendPointer(error.instancePath, params.additionalProperty), atKey: true };
  }
  return { pointer: error.instancePath, atKey: false };
}

/** Drops branch noise of non-discriminated oneOfs and the chain markers of the rewritten ones. */
function prune(errors: ErrorObject[]): ErrorObject[] {
  let kept = errors.filter((e) => e.keyword !== 'if');
  // propertyNames reports a `pattern` error (with propertyName) followed by a `propertyNames` error.
  kept = kept.filter((e) => !(e.keyword === 'propertyNames'));
  // anyOf whose branches are all `required`: keep one message at the object.
  const anyOfs = kept.filter((e) => e.keyword === 'anyOf');
  for (const anyOf of anyOfs) {
    const prefix = `${anyOf.schemaPath.slice(0, -'/anyOf'.length)}/anyOf/`;
    const inner = kept.filter(
      (e) => e.schemaPath.startsWith(prefix) && e.instancePath === anyOf.instancePath,
    );
    if (inner.length > 0 && inner.every((e) => e.keyword === 'required')) {
      const names = inner.map((e) =>
        JSON.stringify((e.params as { missingProperty: string }).missingProperty),
      );
      anyOf.message = `must contain at least one of ${names.join(', ')}`;
      anyOf.params = { ...anyOf.params, names };
      kept = kept.filter((e) => !inner.includes(e));
    }
  }
  // Remaining oneOfs: keep the branch with the fewest direct errors.
  for (const oneOf of kept.filter((e) => e.keyword === 'oneOf')) {
    const base = `${oneOf.schemaPath}/`;
    const byBranch = new Map<string, ErrorObject[]>();
    for (const e of kept) {
      if (e === oneOf || !e.schemaPath.startsWith(base) || !e.instancePath.startsWith(oneOf.instancePath))
        continue;
      const branch = e.schemaPath.slice(base.length).split('/')[0] as string;
      byBranch.set(branch, [...(byBranch.get(branch) ?? []), e]);
    }
    if (byBranch.size === 0) continue;
    const ranked = [...byBranch.entries()].sort(
      (a, b) =>
        rejection(a[1], oneOf.instancePath) - rejection(b[1], oneOf.instancePath) ||
        a[1].length - b[1].length,
    );
    const drop = new Set(ranked.slice(1).flatMap(([, errs]) => errs));
    drop.add(oneOf);
    kept = kept.filter((e) => !drop.has(e));
  }
  return kept;
}

/** How strongly a branch's errors say "this is not the branch you meant" (type mismatch at the root). */
function rejection(errors: ErrorObject[], instancePath: string): number {
  return errors.some(
    (e) => e.instancePath === instancePath && (e.keyword === 'type' || e.keyword === 'const'),
  )
    ? 1
    : 0;
}

/** Validates `doc` against the 0.8.0 schema; returns one issue per location (messages joined). */
export function validateStructure(doc: JsonValue): StructuralIssue[] {
  const validate = validator();
  if (validate(doc)) return [];
  const errors = prune([...(validate.errors ?? [])]);
  const byPointer = new Map<string, StructuralIssue>();
  for (const error of errors) {
    const value = getAtPointer(doc, error.instancePath);
    const forbidden = forbiddenProperty(error, value);
    const { pointer, atKey } = pointerOf(error, forbidden);
    const code = codeFor(error, pointer);
    const name = propertyNameOf(error);
    const message =
      code === 'meta-key-invalid' && name !== undefined
        ? `_meta key ${JSON.stringify(name)} is not valid: an optional dotted prefix and "/", then a name of letters, digits, ".", "_" or "-"`
        : code === 'invalid-extension-identifier' && name !== undefined
          ? `${JSON.stringify(name)} is not an extension identifier of the form prefix/name (e.g. "com.example/feature"); x-* keys are not allowed here`
          : describe(error, value, forbidden);
    const key = `${pointer}\u0000${code}`;
    const existing = byPointer.get(key);
    if (existing) {
      if (!existing.message.split('; ').includes(message)) existing.message += `; ${message}`;
    } else {
      byPointer.set(key, { code, pointer, atKey, message });
    }
  }
  return [...byPointer.values()];
}
