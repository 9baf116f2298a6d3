/** Embedded Tool schemas (spec §9.2): dialect, validity, object roots, pre-dialect shape, `x-mcp-header`. */
import type { JsonValue } from '../../util/json.js';
import { toPointer } from '../../util/pointer.js';
import { type Ctx, earlierThan, entries, isObject, list, type Primitive, type Segment } from '../context.js';
import { analyseSchema, compileSchema, type SchemaAnalysis, schemaKey } from '../embedded-schema.js';

const SINGLE = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAPS = ['$defs', 'definitions', 'dependentSchemas', 'patternProperties'];
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

interface HeaderUse {
  path: Segment[];
  value: JsonValue;
  type: JsonValue | undefined;
  reachable: boolean;
}

/** A path built link by link and turned into an array only for the rare node that is reported. */
interface PathLink {
  parent: PathLink | undefined;
  segment: Segment;
}

function pathOf(link: PathLink | undefined): Segment[] {
  const out: Segment[] = [];
  for (let at = link; at; at = at.parent) out.push(at.segment);
  return out.reverse();
}

function collectHeaders(
  schema: JsonValue,
  path: PathLink | undefined,
  out: HeaderUse[],
  viaProperties: boolean,
  isProperty: boolean,
  depth = 0,
): void {
  if (!isObject(schema) || depth > 100) return;
  const child = (segments: Segment[]): PathLink | undefined => {
    let link = path;
    for (const segment of segments) link = { parent: link, segment };
    return link;
  };
  if (Object.hasOwn(schema, 'x-mcp-header')) {
    out.push({
      path: pathOf(child(['x-mcp-header'])),
      value: schema['x-mcp-header'] as JsonValue,
      type: schema.type,
      reachable: viaProperties && isProperty,
    });
  }
  for (const [name, value] of entries(schema.properties))
    collectHeaders(value, child(['properties', name]), out, viaProperties, true, depth + 1);
  for (const keyword of MAPS)
    for (const [name, value] of entries(schema[keyword]))
      collectHeaders(value, child([keyword, name]), out, false, false, depth + 1);
  for (const keyword of ARRAYS) {
    const items = schema[keyword];
    if (Array.isArray(items))
      items.forEach((value, i) => {
        collectHeaders(value, child([keyword, i]), out, false, false, depth + 1);
      });
  }
  for (const keyword of SINGLE) {
    const value = schema[keyword];
    if (Array.isArray(value))
      value.forEach((c, i) => {
        collectHeaders(c, child([keyword, i]), out, false, false, depth + 1);
      });
    else if (value !== undefined) collectHeaders(value, child([keyword]), out, false, false, depth + 1);
  }
  for (const [name, value] of entries(schema.dependencies))
    if (!Array.isArray(value))
      collectHeaders(value, child(['dependencies', name]), out, false, false, depth + 1);
}

/**
 * `x-mcp-header` uses of an input schema, paths relative to it, per schema text: catalogs repeat
 * schemas across many tools, and most have no header at all. One cache per validation run.
 */
const headerUsesByRun = new WeakMap<Ctx, Map<string, HeaderUse[]>>();

function headerUses(ctx: Ctx, schema: JsonValue, key: string): HeaderUse[] {
  let cache = headerUsesByRun.get(ctx);
  if (!cache) headerUsesByRun.set(ctx, (cache = new Map()));
  let uses = cache.get(key);
  if (!uses) {
    uses = [];
    if (key.includes('"x-mcp-header"')) collectHeaders(schema, undefined, uses, true, false);
    cache.set(key, uses);
  }
  return uses;
}

function checkHeaders(ctx: Ctx, tool: Primitive, schema: JsonValue, key: string): void {
  const relative = headerUses(ctx, schema, key);
  if (relative.length === 0) return;
  const base = [...tool.path, 'inputSchema'];
  const uses = relative.map((use) => ({ ...use, path: [...base, ...use.path] }));
  const other = tool.scope.filter((v) => v !== '2026-07-28');
  if (other.length > 0) {
    for (const use of uses) {
      ctx.report(
        'field-not-supported-by-version',
        use.path,
        `x-mcp-header is defined only for MCP 2026-07-28, not MCP ${list(other)}`,
      );
    }
  }
  const seen = new Map<string, Segment[]>();
  for (const use of uses) {
    if (!use.reachable) {
      ctx.report(
        'invalid-x-mcp-header',
        use.path,
        'x-mcp-header must be on a property reached from the schema root through `properties` only (not arrays, composition, conditionals or $ref)',
      );
    }
    if (typeof use.value !== 'string' || !TOKEN.test(use.value)) {
      ctx.report(
        'invalid-x-mcp-header',
        use.path,
        `x-mcp-header ${JSON.stringify(use.value)} must be a non-empty HTTP field-name token`,
      );
      continue;
    }
    if (use.type !== 'string' && use.type !== 'integer' && use.type !== 'boolean') {
      ctx.report(
        'invalid-x-mcp-header',
        use.path,
        `x-mcp-header may annotate only a string, integer or boolean property (this one has type ${JSON.stringify(use.type ?? null)})`,
      );
    }
    const normalized = use.value.toLowerCase();
    const first = seen.get(normalized);
    if (first) {
      ctx.report(
        'duplicate-x-mcp-header',
        use.path,
        `x-mcp-header ${JSON.stringify(use.value)} duplicates another header of this inputSchema (header names are case-insensitive)`,
        {
          related: [toPointer(first)],
        },
      );
    } else seen.set(normalized, use.path);
  }
}

function checkLegacyShape(ctx: Ctx, schema: JsonValue, path: Segment[], legacy: string): void {
  if (!isObject(schema)) return;
  if (Object.hasOwn(schema, 'properties')) {
    const properties = schema.properties;
    if (!isObject(properties)) {
      ctx.report(
        'invalid-legacy-tool-schema-shape',
        [...path, 'properties'],
        `properties must be an object for MCP ${legacy}`,
      );
    } else {
      for (const [name, value] of entries(properties)) {
        if (!isObject(value))
          ctx.report(
            'invalid-legacy-tool-schema-shape',
            [...path, 'properties', name],
            `properties[${JSON.stringify(name)}] must be an object for MCP ${legacy}`,
          );
      }
    }
  }
  if (Object.hasOwn(schema, 'required')) {
    const required = schema.required;
    if (!Array.isArray(required) || required.some((r) => typeof r !== 'string')) {
      ctx.report(
        'invalid-legacy-tool-schema-shape',
        [...path, 'required'],
        `required must be an array of strings for MCP ${legacy}`,
      );
    }
  }
}

/** A constant list, read with an indexed loop: it is walked once per tool. */
const SCHEMA_FIELDS = ['inputSchema', 'outputSchema'] as const;

export function checkToolSchemas(ctx: Ctx): void {
  for (let index = 0; index < ctx.primitives.length; index++) {
    const tool = ctx.primitives[index] as Primitive;
    if (tool.kind !== 'tools') continue;
    for (let f = 0; f < SCHEMA_FIELDS.length; f++) {
      const field = SCHEMA_FIELDS[f] as (typeof SCHEMA_FIELDS)[number];
      const schema = tool.value[field];
      if (!isObject(schema) || Object.hasOwn(schema, '$componentRef')) continue;
      const path = [...tool.path, field];
      let analysis: SchemaAnalysis | undefined;
      const legacy = earlierThan(tool.scope, '2025-11-25');
      const modern = tool.scope.length - legacy.length;
      if (Object.hasOwn(schema, '$schema') && legacy.length > 0) {
        ctx.report(
          'field-not-supported-by-version',
          [...path, '$schema'],
          `${field}.$schema is not defined for MCP ${list(legacy)}; explicit dialects require 2025-11-25 or later`,
        );
      }
      if (legacy.length > 0) checkLegacyShape(ctx, schema, path, list(legacy));
      if (modern > 0) {
        analysis = analyseSchema(schema);
        if (!analysis.dialect) {
          ctx.report(
            'unsupported-tool-schema-dialect',
            [...path, '$schema'],
            `${field} declares an unsupported JSON Schema dialect ${JSON.stringify(schema.$schema)} (supported: 2020-12, draft-07)`,
            { atKey: false },
          );
        } else if (analysis.metaErrors.length > 0) {
          ctx.report(
            'invalid-tool-schema',
            path,
            `${field} is not valid JSON Schema ${analysis.dialect}: ${analysis.metaErrors.slice(0, 5).join('; ')}`,
          );
        } else if (analysis.brokenRefs.length > 0) {
          ctx.report(
            'invalid-tool-schema',
            path,
            `${field} has local $ref values that resolve to nothing: ${analysis.brokenRefs.map((r) => JSON.stringify(r)).join(', ')}`,
          );
        } else if (analysis.needsCompile && isCompileError(compileSchema(schema))) {
          const compiled = compileSchema(schema);
          ctx.report(
            'invalid-tool-schema',
            path,
            `${field} does not compile as JSON Schema ${analysis.dialect}: ${compiled.ok ? '' : compiled.error}`,
          );
        } else if (analysis.externalRefs.length > 0) {
          ctx.report(
            'unresolved-external-tool-schema-reference',
            path,
            `${field} contains external $ref values that are never fetched (${[...new Set(analysis.externalRefs)].map((r) => JSON.stringify(r)).join(', ')}); they are preserved, but schema validation is incomplete`,
          );
        }
      }
      if (field === 'outputSchema' && schema.type !== 'object') {
        const pre2026 = tool.scope.filter((v) => v !== '2026-07-28');
        if (pre2026.length > 0) {
          ctx.report(
            'field-not-supported-by-version',
            Object.hasOwn(schema, 'type') ? [...path, 'type'] : path,
            `outputSchema must have type "object" for MCP ${list(pre2026)}; only MCP 2026-07-28 permits other roots`,
          );
        }
      }
      // A plain schema has no `x-mcp-header` in any subschema.
      if (field === 'inputSchema' && analysis?.plain !== true)
        checkHeaders(ctx, tool, schema, schemaKey(schema));
    }
  }
}

/** A schema that failed to compile (not one left uncompiled for its size, which may be valid). */
function isCompileError(compiled: ReturnType<typeof compileSchema>): boolean {
  return !compiled.ok && compiled.tooLarge !== true;
}
