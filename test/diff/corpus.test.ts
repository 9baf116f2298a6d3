import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../src/diff/engine.js';
import { loadSource } from '../../src/parse/index.js';
import type { JsonObject } from '../../src/util/json.js';
import { missing } from '../support/skips.js';
import { extractSchemas, reorder } from './helpers.js';

const CORPORA = join(import.meta.dirname, '../../../shared/corpora');
const SERIES = ['github-mcp-server', 'sentry-mcp'];

function semverKey(file: string): number[] {
  return (/(\d+)\.(\d+)\.(\d+)/.exec(file) ?? []).slice(1).map(Number);
}

function ordered(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mcpdesc.json'))
    .sort((a, b) => {
      const x = semverKey(a);
      const y = semverKey(b);
      return (x[0] ?? 0) - (y[0] ?? 0) || (x[1] ?? 0) - (y[1] ?? 0) || (x[2] ?? 0) - (y[2] ?? 0);
    })
    .map((f) => join(dir, f));
}

const noCorpora = missing(CORPORA, 'test/diff/corpus.test.ts');
describe.skipIf(noCorpora)('diff on the shared corpora (skipped when ../shared is absent)', () => {
  for (const series of SERIES) {
    const files = existsSync(join(CORPORA, series)) ? ordered(join(CORPORA, series)) : [];
    it(`${series}: every consecutive pair diffs without error, with located changes`, async () => {
      for (let i = 0; i + 1 < files.length; i++) {
        const a = await loadSource(files[i] as string);
        const b = await loadSource(files[i + 1] as string);
        const result = diffDocuments(a, b);
        for (const change of result.changes) {
          expect(change.before ?? change.after).toBeDefined();
          for (const loc of [change.before, change.after]) if (loc) expect(loc.line).toBeGreaterThan(0);
        }
        expect(result.summary.total).toBe(result.changes.length);
      }
    }, 120_000);

    it(`${series}: diff(a, a), diff(a, reordered a) and diff(a, a with extracted schemas) are empty`, async () => {
      for (const file of files) {
        const a = await loadSource(file);
        const value = a.value as JsonObject;
        expect(diffDocuments(a, a).changes).toEqual([]);
        expect(diffDocuments(a, { file: 'reordered', value: reorder(value) }).changes).toEqual([]);
        expect(diffDocuments(a, { file: 'extracted', value: extractSchemas(value) }).changes).toEqual([]);
      }
    }, 120_000);
  }

  it('github-mcp-server v0.30.0 → v0.31.0: the hand-checked report', async () => {
    const a = await loadSource(join(CORPORA, 'github-mcp-server/v0.30.0.mcpdesc.json'));
    const b = await loadSource(join(CORPORA, 'github-mcp-server/v0.31.0.mcpdesc.json'));
    const result = diffDocuments(a, b);
    const removed = result.changes.filter((c) => c.ruleId === 'tool-removed').map((c) => c.subject.key);
    expect(removed).toContain('list_workflow_jobs');
    expect(result.summary.breaking).toBeGreaterThan(0);
  });
});
