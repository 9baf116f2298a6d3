import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changelogOf, compareSides, loadDiffSources, readIgnoreFile } from '../../src/app/diff.js';
import { PositionedError } from '../../src/app/errors.js';
import { mergeFiles } from '../../src/app/merge.js';
import { migrateFile } from '../../src/app/migrate.js';
import { projectFile } from '../../src/app/project.js';
import { validateFiles } from '../../src/app/validate.js';
import * as library from '../../src/index.js';
import { LoadError } from '../../src/parse/errors.js';
import type { FileFindings } from '../../src/report/multi-format.js';

const EXAMPLES = join(import.meta.dirname, '../../examples');
const MIGRATE = join(import.meta.dirname, '../fixtures/migrate');
const unreadable = (error: unknown, spec: string): FileFindings => {
  if (error instanceof LoadError)
    return {
      file: spec,
      findings: [],
      loadError: { code: error.code, message: error.message, line: error.line, column: error.column },
    };
  throw error;
};

describe('the application layer (one function per user task)', () => {
  it('validateFiles: results per file, invalid and unreadable inputs told apart, rule metadata', async () => {
    const notes: string[] = [];
    const run = await validateFiles(
      [
        join(EXAMPLES, 'weather-v2.mcpdesc.yaml'),
        join(MIGRATE, 'old-0.7.yaml'),
        join(EXAMPLES, 'missing.yaml'),
      ],
      { onUnreadable: unreadable, onNote: (line) => notes.push(line) },
    );
    expect(run.results.map((r) => r.loadError?.code ?? 'read')).toEqual(['read', 'read', 'not-found']);
    expect(run.unreadable).toBe(true);
    expect(notes.some((n) => /migrated from 0\.7\.0/.test(n))).toBe(true);
    expect(run.rules.some((r) => r.id === 'schema-validation')).toBe(true);
  });

  it('validateFiles takes its limits from the context, not a module global', async () => {
    const run = await validateFiles([join(EXAMPLES, 'weather-v2.mcpdesc.yaml')], {
      limits: { maxBytes: 10 },
      onUnreadable: unreadable,
    });
    expect(run.results[0]!.loadError?.code).toBe('limit-bytes');
  });

  it('projectFile: the view of one revision, or the invalid stage', async () => {
    const file = join(EXAMPLES, 'weather-v2.mcpdesc.yaml');
    const version = library.rootVersions((await library.loadSource(file)).value)[0]!;
    const run = await projectFile(file, { protocolVersion: version });
    expect(run.ok).toBe(true);
    await expect(projectFile(file, { protocolVersion: '1999-01-01' })).rejects.toThrow(/1999-01-01/);
  });

  it('mergeFiles: one input merges into itself', async () => {
    const run = await mergeFiles([join(EXAMPLES, 'weather-v2.mcpdesc.yaml')]);
    expect(run.ok).toBe(true);
    expect(run.firstFormat).toBe('yaml');
  });

  it('migrateFile: 0.7.0 to 0.8.0 with a located report; 0.8.0 is left as it is', async () => {
    const run = await migrateFile(join(MIGRATE, 'old-0.7.yaml'), { outputName: '<stdout>' });
    expect(run.kind).toBe('migrated');
    if (run.kind === 'migrated') {
      expect(run.text).toMatch(/mcpdesc: ["']?0\.8\.0/);
      expect(run.report.output).toBe('<stdout>');
    }
    const current = await migrateFile(join(MIGRATE, 'same-0.8.yaml'), { outputName: '<stdout>' });
    expect(current.kind).toBe('current');
  });

  it('diff: both sides loaded, compared and turned into release notes', async () => {
    const sides = await loadDiffSources(
      join(EXAMPLES, 'weather-v1.mcpdesc.yaml'),
      join(EXAMPLES, 'weather-v2.mcpdesc.yaml'),
    );
    const result = await compareSides(sides, { schemaSemantics: 'api' });
    expect(result.changes.length).toBeGreaterThan(0);
    const log = changelogOf(sides, result);
    expect(['major', 'minor', 'patch', 'none']).toContain(log.bump);
    await expect(loadDiffSources('a.yaml', 'b.yaml', { protocolVersion: '1999-01-01' })).rejects.toThrow(
      /not an MCP revision/,
    );
  });

  it('readIgnoreFile: a broken ignore file is a PositionedError with its code', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'app-ignore-')), 'ignore.yaml');
    writeFileSync(file, 'ignore: [\n');
    let caught: unknown;
    try {
      readIgnoreFile(file);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PositionedError);
    expect((caught as PositionedError).code).toBe('ignore-file-invalid');
    expect((caught as PositionedError).file).toBe(file);
  });

  it('the library exports the app layer and the formatters, and no test helpers', () => {
    expect(typeof library.app.lintFiles).toBe('function');
    expect(typeof library.app.validateFiles).toBe('function');
    expect(typeof library.formatStylish).toBe('function');
    expect(typeof library.formatSarif).toBe('function');
    expect(Object.keys(library).filter((name) => /fake|fixture|test/i.test(name))).toEqual([]);
  });
});
