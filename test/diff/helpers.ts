import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { diffDocuments } from '../../src/diff/engine.js';
import type { DiffResult } from '../../src/diff/types.js';
import type { JsonObject, JsonValue } from '../../src/util/json.js';

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
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const cases = parse(readFileSync(join(RULE_FIXTURES, file), 'utf8')) as RuleCase[];
    for (const c of cases)
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
