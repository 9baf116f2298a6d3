/** Commands keep their inputs: no report over an input file, no second read of standard input. */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const EXAMPLES = join(import.meta.dirname, '../../examples');
const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-report-over-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const V1 = 'weather-v1.mcpdesc.yaml';
const V2 = 'weather-v2.mcpdesc.yaml';
const original = (name: string) => readFileSync(join(EXAMPLES, name));
function fresh(): string {
  const work = mkdtempSync(join(dir, 'case-'));
  copyFileSync(join(EXAMPLES, V1), join(work, V1));
  copyFileSync(join(EXAMPLES, V2), join(work, V2));
  symlinkSync(V1, join(work, 'link.yaml'));
  return work;
}

describe('a report is never written over an input', () => {
  it.each([
    ['diff -o', ['diff', V1, V2, '-o', V1]],
    ['diff -o, another spelling', ['diff', V1, V2, '-o', `./${V2}`]],
    ['diff -o, a symbolic link to the input', ['diff', V1, V2, '-o', 'link.yaml']],
    ['changelog -o', ['changelog', V1, V2, '-o', V2]],
    ['validate -f NAME:PATH', ['validate', V1, '-f', `json:${V1}`]],
    ['lint -f NAME:PATH', ['lint', V1, V2, '-f', 'stylish', '-f', `sarif:${V2}`]],
    ['lint --cache-location', ['lint', V1, '--cache', '--cache-location', V1]],
    ['project -o', ['project', V1, '--protocol-version', '2025-11-25', '-o', V1]],
    ['migrate --report', ['migrate', V1, '--report', V1]],
  ])('%s: usage error, exit 2, inputs byte for byte', (_name, args) => {
    const work = fresh();
    const result = runCli(args, { cwd: work });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^mcpdesc: \S+ is an input of this command.*: writing there would replace it\n$/,
    );
    expect(readFileSync(join(work, V1))).toEqual(original(V1));
    expect(readFileSync(join(work, V2))).toEqual(original(V2));
  });

  it('writes reports to other files as before', () => {
    const work = fresh();
    expect(runCli(['diff', V1, V2, '-o', 'report.txt'], { cwd: work }).code).toBe(1);
    expect(readFileSync(join(work, 'report.txt'), 'utf8')).toContain('BREAKING');
    expect(runCli(['validate', V1, '-f', 'json:/dev/null'], { cwd: work }).code).toBe(0);
  });

  it('lets merge write its result over an input (a description replacing a description, as sort -o)', () => {
    const work = fresh();
    const result = runCli(['merge', V1, V1, '-o', V1], { cwd: work });
    expect(result.code).toBe(0);
    expect(readFileSync(join(work, V1), 'utf8')).toContain('weather');
  });
});

describe('standard input named twice', () => {
  it.each([
    ['diff', ['diff', '-', '-']],
    ['changelog', ['changelog', '-', '-']],
    ['schema-diff', ['schema-diff', '-', '-']],
    ['merge', ['merge', '-', V2, '-']],
    ['validate', ['validate', '-', '-']],
  ])('%s: a usage error, not an empty second document', (_name, args) => {
    const result = runCli(args, { cwd: fresh(), input: original(V1) });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcpdesc: standard input (-) can be read only once, and is named 2 times\n');
  });
});
