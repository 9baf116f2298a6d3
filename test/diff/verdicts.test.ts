import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../src/diff/engine.js';
import type { Change, DiffResult } from '../../src/diff/types.js';
import { loadDocument, loadSource } from '../../src/parse/index.js';
import { runCli } from '../support/cli.js';

/**
 * Reviewed verdict files: every breaking change and warning `diff` reports on a real release pair
 * under the default schema semantics, each with one line of reason a maintainer agreed to. The diff
 * is held to the file both ways (a change not reviewed, or a reviewed change no longer reported,
 * fails), and `counts` pins the totals under both semantics.
 */
interface Reviewed {
  change: string;
  reason: string;
}

interface VerdictFile {
  old: string;
  new: string;
  counts: Record<'api' | 'json-schema', { breaking: number; warning: number; info: number }>;
  breaking: Reviewed[];
  warning: Reviewed[];
}

const ROOT = join(import.meta.dirname, '../..');
const CORPORA = join(ROOT, '../shared/corpora');
const VERDICTS = join(ROOT, 'test/verdicts');
const FIXTURE = join(ROOT, 'test/fixtures/verdicts');

function readVerdicts(file: string): VerdictFile {
  return loadDocument(readFileSync(file, 'utf8'), { file }).value as unknown as VerdictFile;
}

const line = (c: Change) => `${c.ruleId} ${c.subject.key}: ${c.message}`;

function holdTo(verdict: VerdictFile, api: DiffResult, exact: DiffResult): void {
  for (const level of ['breaking', 'warning'] as const) {
    const reported = api.changes
      .filter((c) => c.level === level)
      .map(line)
      .sort();
    expect(reported, `${level} changes not as reviewed`).toEqual(verdict[level].map((r) => r.change).sort());
    for (const reviewed of verdict[level]) {
      expect(typeof reviewed.reason, reviewed.change).toBe('string');
      expect(reviewed.reason.length, reviewed.change).toBeGreaterThan(20);
      expect(reviewed.reason, reviewed.change).not.toMatch(/\n/);
    }
  }
  const count = (r: DiffResult) => ({
    breaking: r.summary.breaking,
    warning: r.summary.warning,
    info: r.summary.info,
  });
  expect(count(api)).toEqual(verdict.counts.api);
  expect(count(exact)).toEqual(verdict.counts['json-schema']);
  // The promise of the default semantics: a new optional parameter on an open object never breaks.
  const openAdditions = api.changes.filter(
    (c) => c.details?.schemaKind === 'property-added' && c.message.includes('to an open object'),
  );
  for (const c of openAdditions) expect(c.level, line(c)).toBe('info');
}

async function diffBoth(oldFile: string, newFile: string): Promise<[DiffResult, DiffResult]> {
  const a = await loadSource(oldFile);
  const b = await loadSource(newFile);
  return [diffDocuments(a, b), diffDocuments(a, b, { schemaSemantics: 'json-schema' })];
}

describe('reviewed verdicts: the committed release sample', () => {
  const verdict = readVerdicts(join(FIXTURE, 'old--new.yaml'));
  const oldFile = join(FIXTURE, verdict.old);
  const newFile = join(FIXTURE, verdict.new);

  it('the diff matches the reviewed verdicts under both semantics', async () => {
    const [api, exact] = await diffBoth(oldFile, newFile);
    holdTo(verdict, api, exact);
  });

  it('the built CLI gives the same verdicts, and exits by them', () => {
    for (const semantics of ['api', 'json-schema'] as const) {
      const result = runCli(['diff', '--format', 'json', '--schema-semantics', semantics, oldFile, newFile]);
      expect(result.code, result.stderr).toBe(1);
      const summary = (JSON.parse(result.stdout) as DiffResult).summary;
      expect(summary.breaking).toBe(verdict.counts[semantics].breaking);
    }
    const log = runCli(['changelog', '--format', 'json', oldFile, newFile]);
    expect(log.code, log.stderr).toBe(0);
  });
});

const SERIES = existsSync(CORPORA) ? readdirSync(VERDICTS) : [];

describe.skipIf(!existsSync(CORPORA))(
  'reviewed verdicts: shared release corpora (skipped: ../shared is absent)',
  () => {
    for (const series of SERIES) {
      const files = readdirSync(join(VERDICTS, series)).filter((f) => f.endsWith('.yaml'));
      it(`${series}: a verdict file for every consecutive release pair`, () => {
        const releases = readdirSync(join(CORPORA, series)).filter((f) => f.endsWith('.mcpdesc.json'));
        expect(files.length).toBe(releases.length - 1);
      });
      for (const name of files) {
        it(`${series} ${name.replace('.yaml', '').replace('--', ' → ')}`, async () => {
          const verdict = readVerdicts(join(VERDICTS, series, name));
          const [api, exact] = await diffBoth(
            join(CORPORA, series, verdict.old),
            join(CORPORA, series, verdict.new),
          );
          holdTo(verdict, api, exact);
        }, 60_000);
      }
    }
  },
);
