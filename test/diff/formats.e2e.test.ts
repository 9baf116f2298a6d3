/**
 * Every report format of the commands that end in a diff, run as a user runs them (the built CLI):
 * `-f NAME[:PATH]` repeatable, the `github-actions` alias, `-o`, `--quiet`, and SARIF that the full
 * official schema accepts for file names with spaces, `%` and non-ASCII characters.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { sarifSchemaErrors } from '../support/sarif-schema.js';

const EXAMPLES = join(import.meta.dirname, '../../examples');
let work: string;
const OLD = 'old dir/wéather 100%.mcpdesc.yaml';
const NEW = 'new dir/wéather 100%.mcpdesc.yaml';

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'mcpdesc-formats-'));
  mkdirSync(join(work, 'old dir'));
  mkdirSync(join(work, 'new dir'));
  copyFileSync(join(EXAMPLES, 'weather-v1.mcpdesc.yaml'), join(work, OLD));
  copyFileSync(join(EXAMPLES, 'weather-v2.mcpdesc.yaml'), join(work, NEW));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const diff = (...args: string[]) => runCli(['diff', OLD, NEW, ...args], { cwd: work });

interface SarifResult {
  ruleId: string;
  level: string;
  message: { text: string };
  locations: {
    physicalLocation: {
      artifactLocation: { uri: string; uriBaseId?: string };
      region?: { startLine: number };
    };
  }[];
  partialFingerprints: Record<string, string>;
  properties: { level: string; subject: string; revisions: string[] };
}

describe('diff -f sarif', () => {
  it('is valid against the full SARIF 2.1.0 schema, with encoded URIs for spaces, % and non-ASCII', () => {
    const run = diff('-f', 'sarif');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const log = JSON.parse(run.stdout);
    expect(sarifSchemaErrors(log)).toEqual([]);
    const driver = log.runs[0].tool.driver;
    expect(driver.name).toBe('mcpdesc');
    const results = log.runs[0].results as SarifResult[];
    expect(results.map((r) => [r.ruleId, r.level])).toEqual([
      ['input-schema-narrowed', 'error'],
      ['annotation-open-world-set', 'warning'],
      ['info-description-changed', 'note'],
      ['info-version-changed', 'note'],
      ['primitive-description-changed', 'note'],
      ['example-changed', 'note'],
      ['primitive-description-changed', 'note'],
      ['tool-added', 'note'],
      ['prompt-argument-added-optional', 'note'],
    ]);
    const first = results[0] as SarifResult;
    expect(first.message.text).toBe(
      'tool get_forecast: inputSchema at /properties/days/maximum: upper bound maximum 14 → maximum 7',
    );
    expect(first.locations[0]?.physicalLocation).toEqual({
      artifactLocation: {
        uri: 'new%20dir/w%C3%A9ather%20100%25.mcpdesc.yaml',
        uriBaseId: '%SRCROOT%',
        index: 0,
      },
      region: { startLine: 32, startColumn: 11 },
    });
    expect(first.properties).toEqual({
      level: 'breaking',
      subject: 'tool:get_forecast',
      revisions: ['2025-11-25'],
    });
    // Every result's rule is described from the diff registry.
    const described = new Set((driver.rules as { id: string }[]).map((r) => r.id));
    for (const r of results) expect(described.has(r.ruleId)).toBe(true);
  });

  it('keeps each fingerprint when lines move and the files are renamed', () => {
    const before = JSON.parse(diff('-f', 'sarif').stdout).runs[0].results as SarifResult[];
    const moved = join(work, 'moved.mcpdesc.yaml');
    writeFileSync(moved, `# a comment line\n\n${readFileSync(join(work, NEW), 'utf8')}`);
    const after = JSON.parse(runCli(['diff', OLD, 'moved.mcpdesc.yaml', '-f', 'sarif'], { cwd: work }).stdout)
      .runs[0].results as SarifResult[];
    expect(after[0]?.locations[0]?.physicalLocation.region?.startLine).toBe(34);
    expect(after.map((r) => r.partialFingerprints)).toEqual(before.map((r) => r.partialFingerprints));
    expect(new Set(before.map((r) => JSON.stringify(r.partialFingerprints))).size).toBe(before.length);
  });

  it('points a removal into the old document', () => {
    const run = runCli(['diff', NEW, OLD, '-f', 'sarif'], { cwd: work });
    const removed = (JSON.parse(run.stdout).runs[0].results as SarifResult[]).find(
      (r) => r.ruleId === 'tool-removed',
    );
    expect(removed?.locations[0]?.physicalLocation.artifactLocation.uri).toBe(
      'new%20dir/w%C3%A9ather%20100%25.mcpdesc.yaml',
    );
    expect(removed?.locations[0]?.physicalLocation.region?.startLine).toBe(60);
  });
});

describe('diff -f github, junit, json, text', () => {
  it('github (and its alias github-actions) writes one escaped annotation per change', () => {
    const run = diff('-f', 'github');
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(9);
    expect(lines[0]).toBe(
      '::error file=new dir/wéather 100%25.mcpdesc.yaml,line=32,col=11,title=mcpdesc input-schema-narrowed::tool get_forecast: inputSchema at /properties/days/maximum: upper bound maximum 14 → maximum 7',
    );
    expect(lines[1]).toMatch(/^::warning file=.*title=mcpdesc annotation-open-world-set::/);
    expect(lines[2]).toMatch(/^::notice .*::info\.description changed$/);
    expect(diff('-f', 'github-actions').stdout).toBe(run.stdout);
  });

  it('junit fails the changes at or above --fail-on', () => {
    const breaking = diff('-f', 'junit').stdout;
    expect(breaking).toContain('<testsuites name="mcpdesc diff" tests="9" failures="1" errors="0">');
    expect(diff('-f', 'junit', '--fail-on', 'warning').stdout).toContain('failures="2"');
    expect(diff('-f', 'junit', '--fail-on', 'none').stdout).toContain('failures="0"');
  });

  it('writes several formats in one run: files atomically, one to stdout', () => {
    const run = diff('-f', 'json:out/report.json', '-f', 'sarif:out/report.sarif', '-f', 'text');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('1 breaking, 1 warning, 7 info');
    const json = JSON.parse(readFileSync(join(work, 'out/report.json'), 'utf8'));
    expect(json.version).toBe(1);
    expect(json.summary).toMatchObject({ breaking: 1, warning: 1, info: 7 });
    expect(sarifSchemaErrors(JSON.parse(readFileSync(join(work, 'out/report.sarif'), 'utf8')))).toEqual([]);
  }, 60_000);

  it('-o is where the one format without a path goes; --format is the same option', () => {
    expect(diff('--format', 'json', '-o', 'out/o.json').code).toBe(1);
    expect(JSON.parse(readFileSync(join(work, 'out/o.json'), 'utf8')).version).toBe(1);
    const two = diff('-f', 'json', '-f', 'sarif', '-o', 'out/two');
    expect(two.code).toBe(2);
    expect(two.stderr).toBe(
      'mcpdesc: -o out/two names one file, and 2 formats have no path: give them NAME:PATH\n',
    );
  });

  it('--quiet reports only changes at or above --fail-on, and the exit code is unchanged', () => {
    const quiet = JSON.parse(diff('-f', 'json', '-q').stdout);
    expect(quiet.changes.map((c: { ruleId: string }) => c.ruleId)).toEqual(['input-schema-narrowed']);
    expect(quiet.summary).toMatchObject({ breaking: 1, warning: 0, info: 0, total: 1 });
    const warning = JSON.parse(diff('-f', 'json', '--quiet', '--fail-on', 'warning').stdout);
    expect(warning.changes).toHaveLength(2);
    expect(diff('-q', '--fail-on', 'none').code).toBe(0);
  });

  it('usage mistakes are one line and exit 2, before any work', () => {
    const unknown = diff('-f', 'html');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'mcpdesc: unknown format "html": use text, markdown, json, sarif, github, junit (optionally NAME:PATH)\n',
    );
    const same = diff('-f', 'json:x.out', '-f', 'sarif:x.out');
    expect(same.code).toBe(2);
    expect(same.stderr).toBe('mcpdesc: two formats write to x.out\n');
    const overInput = diff('-f', `sarif:${OLD}`);
    expect(overInput.code).toBe(2);
    expect(overInput.stderr).toContain('is an input of this command');
    expect(readFileSync(join(work, OLD), 'utf8')).toBe(
      readFileSync(join(EXAMPLES, 'weather-v1.mcpdesc.yaml'), 'utf8'),
    );
  });
});

describe('changelog formats', () => {
  it('markdown by default, text and json of the notes, and the changes as SARIF', () => {
    const markdown = runCli(['changelog', OLD, NEW], { cwd: work });
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toContain('### Breaking');
    const text = runCli(['changelog', OLD, NEW, '-f', 'text', '-q'], { cwd: work });
    expect(text.stderr).toBe('');
    expect(text.stdout).toContain(
      '\nBreaking\n  - tool get_forecast: inputSchema at /properties/days/maximum',
    );
    expect(text.stdout).not.toMatch(/[*`#]{2}/);
    const both = runCli(['changelog', OLD, NEW, '-f', 'json:out/notes.json', '-f', 'sarif'], { cwd: work });
    expect(both.code).toBe(0);
    expect(sarifSchemaErrors(JSON.parse(both.stdout))).toEqual([]);
    expect(JSON.parse(readFileSync(join(work, 'out/notes.json'), 'utf8')).bump).toBe('major');
  });
});
