/** `mcpdesc lint` end to end (the built CLI): files and globs, formats, thresholds, exit codes. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const GOOD = `mcpdesc: 0.8.0
info:
  name: good
  version: 1.0.0
protocolVersions: ['2025-11-25']
tools:
  - name: get_user
    description: Fetch one user record by its numeric id.
    annotations: { readOnlyHint: true }
    inputSchema:
      type: object
      properties:
        id: { type: integer, description: The user id }
      required: [id]
      additionalProperties: false
`;
const WARN = GOOD.replace('    description: Fetch one user record by its numeric id.\n', '');
const BAD = GOOD.replace('required: [id]', 'required: [id, nope]');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpdesc-lint-cli-'));
  mkdirSync(join(dir, 'api/nested'), { recursive: true });
  writeFileSync(join(dir, 'api/good.mcpdesc.yaml'), GOOD);
  writeFileSync(join(dir, 'api/nested/warn.mcpdesc.yaml'), WARN);
  writeFileSync(join(dir, 'bad.mcpdesc.yaml'), BAD);
  writeFileSync(join(dir, 'broken.mcpdesc.json'), '{"mcpdesc": "0.8.0",\n  "info": }');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lint = (args: string[], input?: string) =>
  runCli(['lint', ...args], { cwd: dir, ...(input ? { input } : {}) });

describe('mcpdesc lint', () => {
  it('exits 0 on a clean document', () => {
    const r = lint(['api/good.mcpdesc.yaml']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('exits 1 on an error and prints file:line:col findings (stylish)', () => {
    const r = lint(['bad.mcpdesc.yaml']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('bad.mcpdesc.yaml');
    expect(r.stdout).toMatch(
      /14:22\s+error\s+Input schema of Tool "get_user": required property "nope" is not declared in `properties`\s+required-property-defined/,
    );
  });

  it('runs a client-compatibility ruleset by name (--ruleset clients/gemini, from the built JSON twin)', () => {
    // (Not *.mcpdesc.yaml: the glob tests below count the files of this directory.)
    writeFileSync(
      join(dir, 'gemini-case.yaml'),
      GOOD.replace(
        '        id: { type: integer, description: The user id }',
        '        id: { type: array, description: The user ids }',
      ),
    );
    const plain = lint(['gemini-case.yaml']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(
      /warning\s+Input schema of Tool "get_user" at \/tools\/0\/inputSchema\/properties\/id is an array without `items`/,
    );
    const gemini = lint(['gemini-case.yaml', '--ruleset', 'clients/gemini']);
    expect(gemini.code).toBe(1);
    expect(gemini.stdout).toMatch(
      /error\s+Input schema of Tool "get_user" at .* the Gemini API rejects the tool/,
    );
    const unknown = lint(['gemini-case.yaml', '--ruleset', 'clients/nope']);
    expect(unknown.code).toBe(2);
  });

  it('lints many paths and globs in one run; warnings pass by default', () => {
    const r = lint(['**/*.mcpdesc.{json,yaml,yml}', 'api/good.mcpdesc.yaml', '-f', 'json']);
    const report = JSON.parse(r.stdout) as { files: { file: string }[] };
    expect(report.files.map((f) => f.file)).toEqual([
      'api/good.mcpdesc.yaml',
      'api/nested/warn.mcpdesc.yaml',
      'bad.mcpdesc.yaml',
      'broken.mcpdesc.json',
    ]);
    expect(r.code).toBe(2); // broken.mcpdesc.json is unreadable
    expect(r.stderr).toMatch(/broken\.mcpdesc\.json:2:11: .*\(json-syntax\)/);
    expect(lint(['api']).code).toBe(0);
  });

  it('honours --fail-severity and --max-warnings', () => {
    expect(lint(['api/nested/warn.mcpdesc.yaml']).code).toBe(0);
    expect(lint(['api/nested/warn.mcpdesc.yaml', '--fail-severity', 'warning']).code).toBe(1);
    expect(lint(['api/nested/warn.mcpdesc.yaml', '--max-warnings', '0']).code).toBe(1);
    expect(lint(['api/nested/warn.mcpdesc.yaml', '--max-warnings', '5']).code).toBe(0);
    expect(lint(['api/nested/warn.mcpdesc.yaml', '--fail-severity', 'fatal']).code).toBe(2);
  });

  it('writes several formats at once, files atomically, creating their directory', () => {
    writeFileSync(join(dir, 'a-file'), 'not a directory\n');
    const blocked = lint(['bad.mcpdesc.yaml', '-f', 'sarif:a-file/lint.sarif']);
    expect(blocked.code).toBe(2); // a file where the directory would go
    expect(blocked.stderr).toMatch(/^mcpdesc: cannot write a-file\/lint\.sarif: /);
    expect(blocked.stderr.split('\n')).toHaveLength(2);
    const ok = lint([
      'bad.mcpdesc.yaml',
      '-f',
      'github',
      '-f',
      'sarif:out/lint.sarif',
      '-f',
      'junit:out/lint.xml',
      '-f',
      'markdown:out/lint.md',
    ]);
    expect(ok.code).toBe(1);
    expect(ok.stdout).toMatch(
      /^::error file=bad\.mcpdesc\.yaml,line=14,col=22,title=mcpdesc required-property-defined::/m,
    );
    const sarif = JSON.parse(readFileSync(join(dir, 'out/lint.sarif'), 'utf8'));
    expect(sarif.runs[0].results[0].ruleId).toBe('required-property-defined');
    expect(sarif.runs[0].tool.driver.rules[0].help.text).toContain('typo');
    expect(readFileSync(join(dir, 'out/lint.xml'), 'utf8')).toContain(
      '<failure type="required-property-defined"',
    );
    expect(readFileSync(join(dir, 'out/lint.md'), 'utf8')).toContain('| required-property-defined |');
  });

  it('gives every SARIF output the rule metadata, not only the first', () => {
    mkdirSync(join(dir, 'out'), { recursive: true });
    const r = lint(['bad.mcpdesc.yaml', '-f', 'sarif:out/one.sarif', '-f', 'sarif:out/two.sarif']);
    expect(r.code).toBe(1);
    const one = readFileSync(join(dir, 'out/one.sarif'), 'utf8');
    expect(JSON.parse(one).runs[0].tool.driver.rules[0].help.text).toContain('typo');
    expect(readFileSync(join(dir, 'out/two.sarif'), 'utf8')).toBe(one);
  });

  it('reads stdin, naming it with --stdin-filepath (config lookup, messages)', () => {
    mkdirSync(join(dir, 'cfg'), { recursive: true });
    writeFileSync(join(dir, 'cfg/.mcpdesc.yaml'), 'rules:\n  required-property-defined: warning\n');
    const r = lint(['-', '--stdin-filepath', 'cfg/piped.mcpdesc.yaml'], BAD);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/cfg\/piped\.mcpdesc\.yaml\n\s+14:22\s+warning/);
  });

  it('reads stdin named with --stdin-filepath as any operand: strict UTF-8, --max-bytes', () => {
    // It was decoded leniently (an invalid byte became U+FFFD and was linted) and read unbounded.
    const bytes = Buffer.concat([
      Buffer.from(GOOD.slice(0, 40)),
      Buffer.from([0xe9]),
      Buffer.from(GOOD.slice(40)),
    ]);
    const invalid = runCli(['lint', '-', '--stdin-filepath', 'named.mcpdesc.yaml'], {
      cwd: dir,
      input: bytes,
    });
    expect(invalid.stderr).toMatch(
      /^mcpdesc: named\.mcpdesc\.yaml:\d+:\d+: Invalid UTF-8 byte 0xe9 \(invalid-utf8\)\n/,
    );
    expect(invalid.code).toBe(2);
    const large = runCli(['--max-bytes', '10', 'lint', '-', '--stdin-filepath', 'named.mcpdesc.yaml'], {
      cwd: dir,
      input: GOOD,
    });
    expect(large.stderr).toMatch(
      /^mcpdesc: named\.mcpdesc\.yaml: .*over the limit of 10 bytes \(limit-bytes\)/,
    );
    expect(large.code).toBe(2);
  });

  it('reports config errors as file:line:col and exits 2', () => {
    mkdirSync(join(dir, 'badcfg'), { recursive: true });
    writeFileSync(join(dir, 'badcfg/.mcpdesc.yaml'), 'rules:\n  tool-description: sometimes\n');
    writeFileSync(join(dir, 'badcfg/x.mcpdesc.yaml'), GOOD);
    const r = lint(['badcfg/x.mcpdesc.yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(
      /^mcpdesc: .*badcfg\/\.mcpdesc\.yaml:2:21: must be one of "error", "warning", "info", "hint", "off"$/,
    );
  });

  it('exits 2 when a glob matches nothing or a format is unknown', () => {
    expect(lint(['nothing/**/*.json']).code).toBe(2);
    const r = lint(['api', '-f', 'html']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown format "html"/);
  });
});
