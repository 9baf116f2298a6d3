import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { diffDocuments } from '../../src/diff/engine.js';
import type { DiffResult } from '../../src/diff/types.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../src/util/json.js';

export const RULE_FIXTURES = join(import.meta.dirname, '../fixtures/diff/rules');

export interface RuleCase {
  rule: string;
  old: JsonObject;
  new: JsonObject;
  invalid?: boolean;
  family: string;
}

const BASE: JsonObject = {
  mcpdesc: '0.8.0',
  info: { name: 'fx', version: '1.0.0' },
  protocolVersions: ['2025-11-25'],
};

export function doc(partial: JsonObject): JsonObject {
  return { ...structuredClone(BASE), ...structuredClone(partial) };
}

export function loadRuleCases(): RuleCase[] {
  const out: RuleCase[] = [];
  for (const file of readdirSync(RULE_FIXTURES)
    // files.yaml holds the Action's file-level events (test/diff/rule-tester.ts drives them)
    .filter((f) => f.endsWith('.yaml') && f !== 'files.yaml')
    .sort()) {
    const cases = parse(readFileSync(join(RULE_FIXTURES, file), 'utf8')) as (RuleCase & {
      passes?: boolean;
    })[];
    for (const c of cases.filter((x) => !x.passes))
      out.push({ ...c, family: file.replace(/\.yaml$/, ''), old: doc(c.old), new: doc(c.new) });
  }
  return out;
}

export function diff(
  a: JsonValue,
  b: JsonValue,
  options: Parameters<typeof diffDocuments>[2] = {},
): DiffResult {
  return diffDocuments({ file: 'old.json', value: a }, { file: 'new.json', value: b }, options);
}

export function ruleIds(result: DiffResult): string[] {
  return result.changes.map((c) => c.ruleId);
}

const SCOPED = ['transports', 'capabilities', 'tools', 'resources', 'resourceTemplates', 'prompts'];

/** Reverses every object's key order, the scoped collections, protocolVersions and security arrays. */
export function reorder(value: JsonValue, key = ''): JsonValue {
  if (Array.isArray(value)) {
    const items = value.map((v) => reorder(v));
    return key === 'protocolVersions' || key === 'security' || SCOPED.includes(key) ? items.reverse() : items;
  }
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const k of Object.keys(value).reverse()) {
    Object.defineProperty(out, k, {
      value: reorder(value[k] as JsonValue, k),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** Moves every tool inputSchema into components.schemas and references it. */
export function extractSchemas(input: JsonObject): JsonObject {
  const out = structuredClone(input);
  if (!Array.isArray(out.tools)) return out;
  const schemas: JsonObject = {};
  out.tools.forEach((tool, i) => {
    if (!isJsonObject(tool) || tool.inputSchema === undefined) return;
    schemas[`Input${i}`] = tool.inputSchema;
    tool.inputSchema = { $componentRef: `#/components/schemas/Input${i}` };
  });
  if (Object.keys(schemas).length === 0) return out;
  const components = isJsonObject(out.components) ? out.components : {};
  components.schemas = { ...(isJsonObject(components.schemas) ? components.schemas : {}), ...schemas };
  out.components = components;
  return out;
}
