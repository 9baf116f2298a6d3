/**
 * docs/lint-review.md stays true after rule changes: the seeded sample of default findings drawn
 * from the real corpora has a verdict for every finding, and at least 80 % "acts on it". A rule
 * change that draws new findings fails here until they are judged (scripts/lint-review.mjs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Real servers beside the repository; absent on a fresh clone, where the check skips. */
const CORPORA = join(import.meta.dirname, '../../../shared/corpora');
const SCRIPT = join(import.meta.dirname, '../../scripts/lint-review.mjs');
const present = existsSync(join(CORPORA, 'catalog/docker-catalog.mcpdesc.json'));

describe('lint review', () => {
  it.skipIf(!present)('every drawn finding is judged and at least 80 % are acted on', () => {
    const result = spawnSync(process.execPath, [SCRIPT, '--check', '--corpora', CORPORA], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.stderr).toMatch(
      /50 findings drawn \(seed 29\); \d+ "acts on it" = [\d.]+ %; 0 without a verdict/,
    );
    expect(result.status, result.stderr).toBe(0);
  });

  it('the committed table shows the share it claims', () => {
    const text = readFileSync(join(import.meta.dirname, '../../docs/lint-review.md'), 'utf8');
    const rows = text.split('\n').filter((line) => /^\| \d+ \|/.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(50);
    const acts = rows.filter((line) => line.includes('| acts on it |')).length;
    const claim = /\*\*(\d+) of (\d+) findings/.exec(text);
    expect(claim?.slice(1).map(Number)).toEqual([acts, rows.length]);
    expect(acts / rows.length).toBeGreaterThanOrEqual(0.8);
  });
});
