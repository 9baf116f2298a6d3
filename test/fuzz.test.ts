/**
 * The seeded fuzz run (scripts/fuzz.mjs) that .ci/run makes, where ../shared is absent: its seeds are
 * then the repository's own examples and fixtures. Run 89 of seed 1 nests a tool's input schema
 * ≈ 900 levels deep (`deepNest`, twice) in a YAML seed — deeper than the yaml package's stringifier
 * can recurse — and the harness once died writing it (RangeError), failing CI on a fresh clone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { missing } from './support/skips.js';

const REPO = join(import.meta.dirname, '..');

describe.skipIf(
  missing(join(REPO, 'dist/bin/mcpdesc.cjs'), 'test/fuzz.test.ts', 'no build: run npm run build'),
)('the fuzz harness without ../shared', () => {
  // An empty folder as the reference data: only the repository's own seeds.
  const noShared = mkdtempSync(join(tmpdir(), 'mcpdesc-fuzz-no-shared-'));
  afterAll(() => rmSync(noShared, { recursive: true, force: true }));

  it('writes an over-deep YAML document and runs every command on it', () => {
    const result = spawnSync(
      process.execPath,
      [join(REPO, 'scripts/fuzz.mjs'), '--seed', '1', '--only', '89', '--corpus', noShared, '--verbose'],
      { cwd: REPO, encoding: 'utf8', timeout: 120_000 },
    );
    expect(result.stderr).toMatch(/^run 89: .*\.yaml \[.*deepNest.*\]$/m);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('fuzz: 1 passed, 0 failed');
  });
});
