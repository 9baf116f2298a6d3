import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigLookup, lintFiles, lintTargets } from '../../src/app/lint.js';
import { LoadError } from '../../src/parse/errors.js';
import type { FileFindings } from '../../src/report/multi-format.js';

const DOC = `mcpdesc: 0.8.0
info: { name: x, version: 1.0.0 }
protocolVersions: ['2025-11-25']
tools:
  - name: get_user
    inputSchema: { type: object }
`;
const unreadable = (error: unknown, spec: string): FileFindings => {
  if (error instanceof LoadError)
    return {
      file: spec,
      findings: [],
      loadError: { code: error.code, message: error.message, line: error.line, column: error.column },
    };
  throw error;
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'app-lint-'));
  mkdirSync(join(dir, 'repo/api'), { recursive: true });
  writeFileSync(join(dir, '.mcpdesc.yaml'), 'rules:\n  tool-description: error\n');
  writeFileSync(join(dir, 'repo/api/.mcpdesc.yaml'), 'rules:\n  tool-description: info\n');
  writeFileSync(join(dir, 'repo/api/x.mcpdesc.yaml'), DOC);
  writeFileSync(join(dir, 'repo/y.mcpdesc.yaml'), DOC);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ConfigLookup: the config of each file', () => {
  it.each([
    ['a file under api/', 'repo/api/x.mcpdesc.yaml', undefined, 'repo/api/.mcpdesc.yaml'],
    ['a file above api/ (searched up to /)', 'repo/y.mcpdesc.yaml', undefined, '.mcpdesc.yaml'],
    ['a file above api/, never above the root', 'repo/y.mcpdesc.yaml', 'repo', undefined],
    ['a file under api/, within the root', 'repo/api/x.mcpdesc.yaml', 'repo', 'repo/api/.mcpdesc.yaml'],
  ])('%s', (_, file, root, expected) => {
    const lookup = new ConfigLookup(root ? { root: join(dir, root) } : {});
    expect(lookup.fileFor(join(dir, file))).toBe(expected && join(dir, expected));
  });

  it('a given config applies to every file', () => {
    const lookup = new ConfigLookup({ config: join(dir, '.mcpdesc.yaml') });
    expect(lookup.fileFor(join(dir, 'repo/api/x.mcpdesc.yaml'))).toBe(join(dir, '.mcpdesc.yaml'));
  });
});

describe('lintFiles', () => {
  it('lints each file with its own config, levels and positions as configured', async () => {
    const targets = lintTargets(
      [join(dir, 'repo/api/x.mcpdesc.yaml'), join(dir, 'repo/y.mcpdesc.yaml')],
      dir,
    );
    const run = await lintFiles(targets, { version: 'test', onUnreadable: unreadable });
    const levels = run.results.map((r) =>
      r.findings.filter((f) => f.code === 'tool-description').map((f) => `${f.severity}@${f.location.line}`),
    );
    expect(levels).toEqual([['info@5'], ['error@5']]);
    expect(run.unreadable).toBe(false);
    expect(run.rules.some((r) => r.id === 'tool-description')).toBe(true);
  });

  it('takes its limits from the context', async () => {
    const run = await lintFiles(lintTargets([join(dir, 'repo/y.mcpdesc.yaml')], dir), {
      version: 'test',
      limits: { maxBytes: 10 },
      onUnreadable: unreadable,
    });
    expect(run.results[0]!.loadError?.code).toBe('limit-bytes');
    expect(run.unreadable).toBe(true);
  });

  it('refuses a missing --config and an operand glob that matches nothing', async () => {
    await expect(
      lintFiles([], { version: 'test', config: join(dir, 'nope.yaml'), onUnreadable: unreadable }),
    ).rejects.toThrow(/config file not found/);
    expect(() => lintTargets(['nothing/**/*.yaml'], dir)).toThrow(/no files match/);
  });
});
