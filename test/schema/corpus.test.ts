import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compareSchemas,
  type SchemaChange,
  type SchemaSemantics,
  verdictOf,
} from '../../src/schema/index.js';
import type { JsonValue } from '../../src/util/json.js';
import { sortedJson } from '../../src/util/json.js';
import { missing } from '../support/skips.js';

/** Real release series beside the repository; absent on a fresh clone, where these tests skip. */
const CORPORA = join(import.meta.dirname, '../../../shared/corpora');

interface Tool {
  name: string;
  inputSchema?: JsonValue;
  outputSchema?: JsonValue;
}

function versionKey(file: string): number[] {
  return file.replace(/^v/, '').replace('.mcpdesc.json', '').split('.').map(Number);
}

function releases(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mcpdesc.json'))
    .sort((a, b) => {
      const x = versionKey(a);
      const y = versionKey(b);
      for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
      return 0;
    });
}

function tools(file: string): Map<string, Tool> {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { tools: Tool[] };
  return new Map(doc.tools.map((t) => [t.name, t]));
}

function compareSeries(series: string, semantics: SchemaSemantics = 'json-schema') {
  const dir = join(CORPORA, series);
  const files = releases(dir);
  const results: {
    pair: string;
    tool: string;
    direction: 'input' | 'output';
    changes: SchemaChange[];
    sameText: boolean;
  }[] = [];
  for (let i = 0; i + 1 < files.length; i++) {
    const before = tools(join(dir, files[i] as string));
    const after = tools(join(dir, files[i + 1] as string));
    for (const [name, oldTool] of before) {
      const newTool = after.get(name);
      if (!newTool) continue;
      for (const [direction, key] of [
        ['input', 'inputSchema'],
        ['output', 'outputSchema'],
      ] as const) {
        const a = oldTool[key];
        const b = newTool[key];
        if (a === undefined || b === undefined) continue;
        results.push({
          pair: `${files[i]} → ${files[i + 1]}`,
          tool: name,
          direction,
          changes: compareSchemas(a, b, { direction, semantics }),
          sameText: sortedJson(a) === sortedJson(b),
        });
      }
    }
  }
  return results;
}

const noCorpora = missing(CORPORA, 'test/schema/corpus.test.ts "real release series"');
describe.skipIf(noCorpora)('real release series', () => {
  it('github-mcp-server: every consecutive pair compares, key order alone is no change', () => {
    const results = compareSeries('github-mcp-server');
    expect(results.length).toBeGreaterThan(600);
    for (const r of results) if (r.sameText) expect(r.changes, `${r.pair} ${r.tool}`).toEqual([]);
    const verdict = (pair: string, tool: string) => {
      const found = results.find(
        (r) => r.pair.startsWith(pair) && r.tool === tool && r.direction === 'input',
      );
      return found
        ? {
            verdict: verdictOf(found.changes),
            kinds: found.changes
              .filter((c) => c.level === 'breaking')
              .map((c) => c.kind)
              .sort(),
          }
        : undefined;
    };
    // hand-checked: body gained minLength 1, comment_id went from number to integer
    expect(verdict('v1.6.0', 'add_issue_comment')).toEqual({
      verdict: 'breaking',
      kinds: ['min-length-added', 'type-number-narrowed-to-integer'],
    });
    // hand-checked: type became anyOf[{string, minLength 1}, null]: null is new (info), "" is refused (breaking)
    expect(verdict('v1.6.0', 'issue_write')).toEqual({ verdict: 'breaking', kinds: ['min-length-added'] });
    // hand-checked: a typed `fields` array appeared on an open object
    expect(verdict('v1.6.0', 'list_issues')).toEqual({ verdict: 'breaking', kinds: ['property-added'] });
  });

  it('github-mcp-server under API semantics: a new optional parameter is never breaking', () => {
    const results = compareSeries('github-mcp-server', 'api');
    const list = results.find(
      (r) => r.pair.startsWith('v1.6.0') && r.tool === 'list_issues' && r.direction === 'input',
    );
    expect(list?.changes.find((c) => c.kind === 'property-added')).toMatchObject({
      level: 'info',
      contractRule: 'property-added',
    });
    for (const r of results)
      for (const c of r.changes)
        if (c.kind === 'property-added' && c.message.includes('an open object'))
          expect(c.level, `${r.pair} ${r.tool}: ${c.message}`).toBe('info');
  });

  it('sentry-mcp: every consecutive pair compares (draft-07, anyOf-heavy), outputs included', () => {
    const results = compareSeries('sentry-mcp');
    expect(results.length).toBeGreaterThan(70);
    for (const r of results) if (r.sameText) expect(r.changes).toEqual([]);
    for (const r of results)
      for (const c of r.changes) expect(c.pointerOld === '' || c.pointerOld.startsWith('/')).toBe(true);
  });
});
