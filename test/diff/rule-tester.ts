import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { analyse } from '../../src/action/report.js';
import { diffDocuments } from '../../src/diff/engine.js';
import type { Change } from '../../src/diff/types.js';
import { loadDocument } from '../../src/parse/index.js';
import type { SchemaSemantics } from '../../src/schema/index.js';
import type { JsonObject } from '../../src/util/json.js';
import type { Location } from '../../src/util/location.js';
import { doc, RULE_FIXTURES } from './helpers.js';

/**
 * The table-driven diff rule tester: one row per case of test/fixtures/diff/rules/<family>.yaml.
 * A row names its rule, the two documents and what diffing them must report: the exact set of rule
 * ids, and for the row's rule its level, message and `line:col pointer` on each side. `passes` rows
 * are edits that must NOT report the rule. Rules whose level the schema engine decides also carry the
 * `json-schema` outcome (the `api` one is `expect`).
 */
export interface Observed {
  ids: string[];
  level?: string;
  message?: string;
  before?: string;
  after?: string;
}

export interface TesterRow {
  rule: string;
  family: string;
  old: JsonObject;
  new: JsonObject;
  invalid?: boolean;
  /** Edits that must not report the rule (the rule is absent from the ids). */
  passes?: boolean;
  expect?: Observed;
  'json-schema'?: Observed;
}

export function loadRows(dir: string = RULE_FIXTURES): TesterRow[] {
  const rows: TesterRow[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.yaml') && f !== 'files.yaml')
    .sort()) {
    const family = file.replace(/\.yaml$/, '');
    for (const row of parse(readFileSync(join(dir, file), 'utf8')) as TesterRow[])
      rows.push({ ...row, family, old: doc(row.old), new: doc(row.new) });
  }
  return rows;
}

function at(location: Location | undefined): string | undefined {
  return location ? `${location.line}:${location.column} ${location.pointer}` : undefined;
}

/** Diffs the row's documents as YAML files, so positions are real lines and columns. */
export function runRow(row: TesterRow, schemaSemantics: SchemaSemantics = 'api'): Change[] {
  const oldDoc = loadDocument(stringify(row.old), { file: 'old.yaml' });
  const newDoc = loadDocument(stringify(row.new), { file: 'new.yaml' });
  return diffDocuments(oldDoc, newDoc, { schemaSemantics }).changes;
}

export function observe(changes: readonly Change[], rule: string): Observed {
  const out: Observed = { ids: [...new Set(changes.map((c) => c.ruleId))].sort() };
  const change = changes.find((c) => c.ruleId === rule);
  if (!change) return out;
  out.level = change.level;
  out.message = change.message;
  const before = at(change.before);
  const after = at(change.after);
  if (before !== undefined) out.before = before;
  if (after !== undefined) out.after = after;
  return out;
}

/** A row of files.yaml: the Action's file-level events, from a pull request's file status and texts. */
export interface FileRow {
  rule: string;
  status: 'added' | 'modified' | 'removed';
  base?: string;
  head?: string;
  passes?: boolean;
  expect?: Observed;
}

export function loadFileRows(dir: string = RULE_FIXTURES): FileRow[] {
  return parse(readFileSync(join(dir, 'files.yaml'), 'utf8')) as FileRow[];
}

/** Runs the Action's analysis of one file with a diff engine that finds no server change. */
export async function runFileRow(row: FileRow): Promise<Change[]> {
  const texts: Record<string, string | undefined> = { base: row.base, head: row.head };
  const report = await analyse({
    files: [
      row.status === 'added'
        ? { status: 'added', path: 'd.yaml' }
        : { status: row.status, path: 'd.yaml', basePath: 'd.yaml' },
    ],
    baseSha: 'base',
    headSha: 'head',
    baseRef: 'main',
    read: async (rev) => {
      const text = texts[rev];
      return text === undefined ? undefined : Buffer.from(text);
    },
    engines: { diff: async () => [], changelog: () => ({ markdown: '', bump: 'none' }) },
  });
  return report.files[0]?.changes ?? [];
}
