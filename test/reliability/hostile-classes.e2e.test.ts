// biome-ignore-all lint/suspicious/noControlCharactersInRegex: control characters are what must not appear
/**
 * Each class of hand-made hostile input (scripts/hostile-inputs.mjs: exponential regular
 * expressions, `$ref` bombs, `$componentRef` alias chains, deep YAML, prototype names) through
 * every command that reads it, with the built CLI. The harness allows minutes, but a run must end
 * by itself with exit 0, 1 or 2 and a few lines: no hang (the spawn timeout kills it and the exit
 * code is then wrong), no internal error, no stack trace. Timing is measured by bench/, not here.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  aliasChainDocument,
  deepYamlDocument,
  deepYamlSchema,
  exponentialPatternDocument,
  exponentialPatternSchemas,
  HOSTILE_FILE_NAMES,
  prototypeNamesDocument,
  refBombDocument,
  refBombSchemas,
} from '../../scripts/hostile-inputs.mjs';
import { CLI, type CliResult, runCli } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-hostile-classes-'));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

interface HostileClass {
  /** Two documents (old, new) of the class, and two plain schemas for schema-diff. */
  documents: [string, string];
  schemas: [string, string];
  ext: 'json' | 'yaml';
}

const classes: Record<string, HostileClass> = {
  'exponential pattern': {
    documents: [exponentialPatternDocument(), exponentialPatternDocument(1)],
    schemas: exponentialPatternSchemas(),
    ext: 'json',
  },
  '$ref bomb': {
    documents: [refBombDocument(34), refBombDocument(34, 1)],
    schemas: refBombSchemas(34),
    ext: 'json',
  },
  '10,000-link alias chain': {
    documents: [aliasChainDocument(10_000), aliasChainDocument(10_000, 1)],
    schemas: [JSON.stringify({ type: 'object' }), JSON.stringify({ type: 'object' })],
    ext: 'json',
  },
  '1,000-deep YAML': {
    documents: [deepYamlDocument(1_000), deepYamlDocument(1_001)],
    schemas: [deepYamlSchema(1_000), deepYamlSchema(999)],
    ext: 'yaml',
  },
  'prototype names': {
    documents: [prototypeNamesDocument(), prototypeNamesDocument(1)],
    schemas: [
      '{"type": "object", "properties": {"__proto__": {"type": "string"}, "constructor": {}}}',
      '{"type": "object", "properties": {"__proto__": {"type": "number"}, "constructor": {}}}',
    ],
    ext: 'json',
  },
};

const GENEROUS = 170_000;
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function expectEnded(result: CliResult, printsDocument = false) {
  expect([0, 1, 2]).toContain(result.code);
  expect(result.stderr).not.toMatch(/internal error|Maximum call stack|\n\s+at |FATAL/);
  // "A few lines": a summary, not an output that grew with the input's hidden size (project and a
  // successful merge print a document, as long as the input's own).
  if (printsDocument) return;
  expect(result.stderr.split('\n').length).toBeLessThan(200);
  expect(result.stdout.split('\n').length).toBeLessThan(200);
}

describe.each(Object.entries(classes))('%s', (name, hostile) => {
  const slug = name.replace(/[^a-z0-9]+/gi, '-');
  const [oldDoc, newDoc] = hostile.documents.map((text, i) =>
    write(`${slug}-${i}.mcpdesc.${hostile.ext}`, text),
  );
  const [oldSchema, newSchema] = hostile.schemas.map((text, i) =>
    write(`${slug}-schema-${i}.${hostile.ext}`, text),
  );

  it.each([
    ['validate', () => [oldDoc as string]],
    ['lint', () => [oldDoc as string]],
    ['diff', () => [oldDoc as string, newDoc as string]],
    ['project', () => [oldDoc as string, '--protocol-version', '2025-11-25']],
    ['merge', () => [oldDoc as string, newDoc as string]],
    ['schema-diff', () => [oldSchema as string, newSchema as string]],
  ] as const)(
    '%s ends by itself with exit 0, 1 or 2',
    (command, args) => {
      const result = runCli([command, ...args()], { timeout: GENEROUS });
      // A merge that succeeds prints the merged document; a refused one lists at most 25 conflicts.
      expectEnded(result, command === 'project' || (command === 'merge' && result.code === 0));
    },
    GENEROUS + 10_000,
  );

  it(
    'merge-driver ends by itself and leaves ours whole',
    () => {
      const work = mkdtempSync(join(dir, 'driver-'));
      const ours = join(work, `ours.${hostile.ext}`);
      copyFileSync(newDoc as string, ours);
      const result = runCli(['merge-driver', oldDoc as string, ours, oldDoc as string, `x.${hostile.ext}`], {
        cwd: work,
        timeout: GENEROUS,
      });
      expectEnded(result);
      const text = readFileSync(ours, 'utf8');
      expect(text.length).toBeGreaterThan(0);
    },
    GENEROUS + 10_000,
  );
});

describe('hostile file names', () => {
  const tree = mkdtempSync(join(dir, 'names-'));
  for (const name of HOSTILE_FILE_NAMES) writeFileSync(join(tree, name), 'mcpdesc: [broken\n');

  /** No line a runner would take as a workflow command, and no raw control or bidi character. */
  function expectInert(text: string, allowed: RegExp | undefined = undefined) {
    for (const line of text.split('\n')) {
      if (allowed?.test(line)) continue;
      expect(line).not.toMatch(/^\s*::/);
    }
    expect(text).not.toMatch(RAW_CONTROL);
  }

  it.each(['stylish', 'json', 'junit', 'sarif', 'markdown'])('lint -f %s prints them inertly', (format) => {
    const result = runCli(['lint', '.', '-f', format], { cwd: tree });
    expect(result.code).toBe(2); // files that cannot be read
    expectInert(result.stdout);
    expectInert(result.stderr);
  });

  it('lint -f github prints exactly its own annotations, one per file, with the names escaped', () => {
    const result = runCli(['lint', '.', '-f', 'github'], { cwd: tree });
    expect(result.code).toBe(2);
    const annotations = result.stdout.split('\n').filter((line) => line.startsWith('::'));
    expect(annotations).toHaveLength(HOSTILE_FILE_NAMES.length);
    for (const line of annotations)
      expect(line).toMatch(/^::error file=[^,:]*,line=\d+,col=\d+,title=mcpdesc [a-z-]+::/);
    expectInert(result.stdout, /^::error file=[^,:]*,line=\d+,col=\d+,title=mcpdesc [a-z-]+::/);
    expectInert(result.stderr);
  });

  it.each(['validate', 'diff'])('%s names a hostile file inertly in its error', (command) => {
    for (const name of HOSTILE_FILE_NAMES) {
      const args = command === 'diff' ? [name, name] : [name];
      const result = runCli([command, ...args], { cwd: tree });
      expect(result.code).toBe(2);
      expectInert(result.stdout);
      expectInert(result.stderr);
    }
  });
});

describe('writes never follow a planted symbolic link', () => {
  function git(cwd: string, ...args: string[]) {
    const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  }

  it('the merge driver refuses a sidecar that is a committed link, and the linked file is untouched', () => {
    const repo = mkdtempSync(join(dir, 'repo-'));
    const outside = join(dir, `outside-${Date.now()}.txt`);
    writeFileSync(outside, 'precious\n');
    git(repo, 'init', '-q', '-b', 'main');
    git(repo, 'config', 'user.email', 't@example.com');
    git(repo, 'config', 'user.name', 'T');
    git(repo, 'config', 'merge.mcpdesc.driver', `"${process.execPath}" "${CLI}" merge-driver %O %A %B %P`);
    writeFileSync(join(repo, '.gitattributes'), '*.mcpdesc.json merge=mcpdesc\n');
    const doc = (description: string) =>
      `${JSON.stringify({ mcpdesc: '0.8.0', info: { name: 's', version: '1.0.0' }, protocolVersions: ['2025-11-25'], tools: [{ name: 't', description, inputSchema: { type: 'object' } }] }, null, 2)}\n`;
    writeFileSync(join(repo, 's.mcpdesc.json'), doc('base'));
    symlinkSync(outside, join(repo, 's.mcpdesc.json.mcpdesc-conflict.json'));
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'base');
    git(repo, 'checkout', '-qb', 'other');
    writeFileSync(join(repo, 's.mcpdesc.json'), doc('theirs'));
    git(repo, 'commit', '-qam', 'theirs');
    git(repo, 'checkout', '-q', 'main');
    writeFileSync(join(repo, 's.mcpdesc.json'), doc('ours'));
    git(repo, 'commit', '-qam', 'ours');
    const merge = spawnSync('git', ['merge', 'other'], { cwd: repo, encoding: 'utf8' });
    expect(merge.status).not.toBe(0);
    expect(merge.stderr + merge.stdout).toMatch(/symbolic link/);
    expect(readFileSync(outside, 'utf8')).toBe('precious\n');
  }, 60_000);

  it('lint --cache does not write through a link at the cache location', () => {
    const work = mkdtempSync(join(dir, 'cache-'));
    const outside = join(dir, `cache-target-${Date.now()}.txt`);
    writeFileSync(outside, 'precious\n');
    mkdirSync(join(work, 'd'));
    writeFileSync(
      join(work, 'd', 'a.mcpdesc.json'),
      JSON.stringify({
        mcpdesc: '0.8.0',
        info: { name: 's', version: '1.0.0' },
        protocolVersions: ['2025-11-25'],
      }),
    );
    symlinkSync(outside, join(work, '.mcpdesc-cache'));
    const result = runCli(['lint', 'd', '--cache'], { cwd: work });
    expect([0, 1]).toContain(result.code);
    expect(readFileSync(outside, 'utf8')).toBe('precious\n');
  });
});
