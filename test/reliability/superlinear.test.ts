/**
 * Inputs shaped to make a quadratic step (or a parser's memory) blow up, through the built CLI. Each
 * is sized so that the fixed code ends in a second or two and the code before the fix took far
 * longer than the bound given to the run (or ran out of a small heap): a regression fails here as a
 * timeout (exit -1) or a crash, not as a slow test.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliResult, runCli } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-superlinear-'));
const write = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const base = {
  mcpdesc: '0.8.0',
  info: { name: 's', version: '1.0.0' },
  protocolVersions: ['2025-11-25'],
  transports: [{ type: 'stdio', command: 'x' }],
};
/**
 * About ten times what the fixed code needs here, and below what the code before the fixes took on
 * this machine: 15 s (150,000 required properties), 28 s (40,000 invalid examples), over 30 s for the
 * others.
 */
const BOUND = { timeout: 12_000 };
/** A heap the old code outgrew on these inputs (it needed gigabytes). */
const SMALL_HEAP = { ...BOUND, env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=512' } };

function expectClean(result: CliResult, code: number): void {
  expect(result.stderr).not.toMatch(/internal error|\n\s+at |FATAL ERROR/);
  expect(result.code).toBe(code);
}

describe('inputs that made a step superlinear', () => {
  it('a YAML mapping of 100,000 keys loads (the parser compared each key with every earlier one)', () => {
    const keys = Array.from({ length: 100_000 }, (_, i) => `  k${i}: ${i}\n`).join('');
    const file = write('keys.yaml', `mcpdesc: 0.8.0\ninfo: {name: s, version: 1.0.0}\nx-keys:\n${keys}`);
    expectClean(runCli(['validate', file], BOUND), 1);
    // Duplicates are still refused, at the repeated key.
    const dup = write('keys-dup.yaml', `mcpdesc: 0.8.0\nx-keys:\n${keys}  k7: again\n`);
    const result = runCli(['validate', dup], BOUND);
    expectClean(result, 2);
    expect(result.stderr).toMatch(/keys-dup\.yaml:100003:3: Duplicate key "k7" \(duplicate-key\)/);
  }, 60_000);

  it('a tool schema of 150,000 required properties lints (each property looked itself up in `required`)', () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 150_000; i++) properties[`p${i}`] = { type: 'string', description: 'A value.' };
    const schema = {
      type: 'object',
      properties,
      required: Object.keys(properties),
      additionalProperties: false,
    };
    const file = write(
      'properties.json',
      JSON.stringify({ ...base, tools: [{ name: 't', description: 'A tool.', inputSchema: schema }] }),
    );
    const result = runCli(['lint', file, '--format', 'json'], BOUND);
    expectClean(result, 0);
  }, 60_000);

  it('40,000 invalid examples validate (each error list was copied at every call of a sub-validator)', () => {
    const examples: Record<string, unknown> = {};
    for (let i = 0; i < 40_000; i++) examples[`e${i}`] = { input: {} };
    const file = write(
      'examples.json',
      JSON.stringify({ ...base, tools: [{ name: 't', inputSchema: { type: 'object' }, examples }] }),
    );
    const result = runCli(['validate', file, '--format', 'json'], BOUND);
    expectClean(result, 1);
    const findings = JSON.parse(result.stdout).files[0].findings as { code: string; message: string }[];
    expect(findings.filter((f) => /required property "result"/.test(f.message))).toHaveLength(40_000);
  }, 60_000);

  it('200,000 distinct protocol versions validate (uniqueItems compared every pair)', () => {
    const protocolVersions = Array.from({ length: 200_000 }, (_, i) => `v${i}`);
    const file = write('versions.json', JSON.stringify({ ...base, protocolVersions, tools: [] }));
    expectClean(runCli(['validate', file], BOUND), 1);
    const twice = write(
      'versions-twice.json',
      JSON.stringify({ ...base, protocolVersions: ['2025-11-25', '2025-06-18', '2025-06-18', '2025-11-25'] }),
    );
    const result = runCli(['validate', twice], BOUND);
    expectClean(result, 1);
    // The first repeat from the end, as the linear keyword finds it (Ajv's own named items 0 and 3).
    expect(result.stdout).toMatch(/duplicate items \(items 1 and 2 are equal\)/);
  }, 60_000);

  it('diff of two unrelated 300 KB descriptions prints (the word diff took time length × edits)', () => {
    const words = (prefix: string) => Array.from({ length: 50_000 }, (_, i) => `${prefix}${i}`).join(' ');
    const doc = (description: string) =>
      JSON.stringify({ ...base, tools: [{ name: 't', description, inputSchema: { type: 'object' } }] });
    const before = write('prose-old.json', doc(words('old')));
    const after = write('prose-new.json', doc(words('new')));
    const result = runCli(['diff', before, after], BOUND);
    expectClean(result, 0);
    expect(result.stdout).toMatch(/\[-old0 old1 .* … \(\d+ more characters\)-\] \{\+new0 new1 /);
  }, 60_000);

  it('1,000 examples against a polynomial pattern validate in about the regex budget (each took 40 s)', () => {
    const examples: Record<string, unknown> = {};
    for (let i = 0; i < 1000; i++)
      examples[`e${i}`] = { input: { a: ' '.repeat(600) }, result: { content: [] } };
    // ajv-formats' url expression takes time squared: minutes on this one.
    examples.url = { input: { u: `http://${'::'.repeat(400_000)}` }, result: { content: [] } };
    const schema = {
      type: 'object',
      // A lookahead keeps the pattern from the linear-time engine: V8 runs it, under the budget.
      properties: {
        a: { type: 'string', pattern: '(?=\\s*\\s*\\s*x)' },
        u: { type: 'string', format: 'url' },
      },
    };
    const file = write(
      'patterns.json',
      JSON.stringify({
        ...base,
        tools: [{ name: 't', description: 'A tool.', inputSchema: schema, examples }],
      }),
    );
    const result = runCli(['validate', file, '--format', 'json'], BOUND);
    expectClean(result, 0);
    const codes = JSON.parse(result.stdout).files[0].findings.map((f: { code: string }) => f.code);
    expect(codes).toContain('incomplete-tool-example-validation');
    // The url format alone, with the whole budget left.
    const url = write(
      'url.json',
      JSON.stringify({
        ...base,
        tools: [{ name: 't', description: 'A tool.', inputSchema: schema, examples: { url: examples.url } }],
      }),
    );
    const alone = runCli(['validate', url], BOUND);
    expectClean(alone, 0);
    expect(alone.stdout).toContain('could not be validated completely');
  }, 60_000);

  it('schema-diff matches hostile patternProperties keys against property names within the budget', () => {
    // `(a+)+$` against 40 a's and a `!` is exponential; four adjacent `\s*` over 3,000 spaces is
    // polynomial. Both were run directly on every property name.
    // (As lookaheads, which keep them from the linear-time engine: V8 runs them, or skips them.)
    const patternProperties = {
      '(?=(a+)+$)': { type: 'string' },
      '(?=\\s*\\s*\\s*\\s*x)': { type: 'string' },
    };
    const before = write('keys-old.json', JSON.stringify({ type: 'object', patternProperties }));
    const properties = {
      [`${'a'.repeat(40)}!`]: { type: 'integer' },
      [' '.repeat(3000)]: { type: 'integer' },
    };
    const after = write('keys-new.json', JSON.stringify({ type: 'object', patternProperties, properties }));
    const result = runCli(['schema-diff', before, after, '--format', 'json'], BOUND);
    expectClean(result, 1);
    expect(result.stdout).toContain('pattern-property-unresolved');
  }, 60_000);

  it('a glob of many stars against a long file name answers at once (each star retried every split)', () => {
    const project = mkdtempSync(join(dir, 'glob-'));
    const name = `${'a'.repeat(60)}.json`;
    writeFileSync(join(project, name), JSON.stringify(base));
    writeFileSync(
      join(project, '.mcpdesc.yaml'),
      "extends: [recommended]\noverrides:\n  - files: ['*a*a*a*a*a*a*a*a*b.json']\n    rules: { tool-description: off }\n",
    );
    // As a file argument (no match: usage error) and as a config's `files` (tested against the file).
    const argument = runCli(['lint', '*a*a*a*a*a*a*a*a*b.json'], { ...BOUND, cwd: project });
    expectClean(argument, 2);
    expect(argument.stderr).toContain('no files match');
    const linted = runCli(['lint', name, '-f', 'json'], { ...BOUND, cwd: project });
    expect(linted.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(JSON.parse(linted.stdout).files).toHaveLength(1);
  }, 60_000);

  it('an example of a tool whose schema has 100,000 properties: incomplete, not compiled (20 s, then a crash)', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, i) => [`p${i}`, { type: 'string', minLength: 1 }]),
    );
    const doc = write(
      'huge-schema-example.json',
      JSON.stringify({
        ...base,
        tools: [
          {
            name: 't',
            description: 'd',
            inputSchema: { type: 'object', properties, required: ['p0'] },
            examples: { e: { input: { p0: 'x' }, result: { content: [{ type: 'text', text: 'ok' }] } } },
          },
        ],
      }),
    );
    const result = runCli(['validate', doc, '-f', 'json'], BOUND);
    expectClean(result, 0);
    const [file] = JSON.parse(result.stdout).files as { complete: boolean; findings: { code: string }[] }[];
    expect(file?.complete).toBe(false);
    expect(file?.findings.map((f) => f.code)).toEqual(['incomplete-tool-example-validation']);
  }, 60_000);

  it('schema-diff of 10,000 patternProperties against 10,000 property names ends within the budget (20 s)', () => {
    const schema = (type: string) => ({
      type: 'object',
      patternProperties: Object.fromEntries(
        Array.from({ length: 10_000 }, (_, i) => [`^x${i}$`, { type: 'string' }]),
      ),
      properties: Object.fromEntries(
        Array.from({ length: 10_000 }, (_, i) => [`x${i}`, { type: i % 2 ? 'string' : type }]),
      ),
    });
    const before = write('patterns-old.json', JSON.stringify(schema('string')));
    const after = write('patterns-new.json', JSON.stringify(schema('integer')));
    const result = runCli(['schema-diff', before, after, '--format', 'json'], { timeout: 8_000 });
    expectClean(result, 1);
    // The one-second budget runs out before every name is matched: those are unresolved.
    expect(result.stdout).toContain('pattern-property-unresolved');
  }, 60_000);

  it('21 million empty objects are refused before they are built, in a 512 MB heap', () => {
    const file = write('objects.json', `{"mcpdesc":"0.8.0","x-objects":[${'{},'.repeat(21_000_000)}{}]}`);
    const result = runCli(['validate', file], SMALL_HEAP);
    expectClean(result, 2);
    expect(result.stderr).toMatch(/objects\.json:1:\d+: More than 10000000 values \(limit-nodes\)/);
  }, 60_000);

  it('2,000,000 YAML document markers are refused at the second, before the parser builds them', () => {
    const file = write('documents.yaml', `a: 1\n${'---\n'.repeat(2_000_000)}`);
    const result = runCli(['validate', file], SMALL_HEAP);
    expectClean(result, 2);
    expect(result.stderr).toMatch(
      /documents\.yaml:2:1: A description must be exactly one YAML document, found several/,
    );
  }, 60_000);

  it('5,000,000 YAML comment lines are refused before the parser runs out of a 512 MB heap', () => {
    const file = write('comments.yaml', `a: 1\n${' # note\n'.repeat(5_000_000)}`);
    const result = runCli(['validate', file], SMALL_HEAP);
    expectClean(result, 2);
    expect(result.stderr).toMatch(
      /comments\.yaml:\d+:\d+: YAML document too large to parse in memory.*\(limit-memory\)/,
    );
  }, 60_000);

  it('a YAML text of 2,000,000 values is refused before the parser runs out of a 512 MB heap', () => {
    const file = write('values.yaml', `mcpdesc: 0.8.0\nx-values:\n${'- 1\n'.repeat(2_000_000)}`);
    const result = runCli(['validate', file], SMALL_HEAP);
    expectClean(result, 2);
    expect(result.stderr).toMatch(
      /values\.yaml:\d+:\d+: YAML document too large to parse in memory: .*--max-old-space-size.*\(limit-memory\)$/m,
    );
    expect(result.stderr.trim().split('\n')[0]).not.toContain('\n');
  }, 60_000);
});

describe('documents too many for the heap, held together', () => {
  // Two million values (6 MB, far within --max-bytes and --max-nodes): one fits a 384 MB heap, but
  // three of them ran `merge-driver` out of it (FATAL ERROR, signal 6), and two ran `diff` out.
  const TINY_HEAP = { ...BOUND, env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=384' } };
  const text = JSON.stringify({ ...base, tools: [{ name: 't', inputSchema: { type: 'object' } }] }).replace(
    /}$/,
    `,"x-objects":[${'{},'.repeat(1_999_999)}{}]}`,
  );
  const TOO_LARGE =
    /^mcpdesc: .*:1:1: Document too large for this machine's memory: its 2,000,\d{3} values would take about \d+ MB besides the \d+ MB of the documents loaded before it, over three quarters of Node's \d+ MB heap; give Node more memory \(NODE_OPTIONS=--max-old-space-size=<MB>\) \(limit-memory\)\n$/;

  it('one of them validates in that heap', () => {
    const file = write('held-one.json', text);
    expectClean(runCli(['validate', file], TINY_HEAP), 0);
  }, 60_000);

  it('merge-driver refuses the third side in one line, and leaves the file as it was', () => {
    const [base, ours, theirs] = ['base', 'ours', 'theirs'].map((side) => write(`held-${side}.json`, text));
    const result = runCli(['merge-driver', base as string, ours as string, theirs as string], TINY_HEAP);
    expectClean(result, 2);
    expect(result.stderr).toMatch(TOO_LARGE);
    expect(readFileSync(ours as string, 'utf8')).toBe(text);
  }, 60_000);

  it('diff and merge refuse the second document in one line', () => {
    const a = write('held-a.json', text);
    const b = join(dir, 'held-b.json');
    copyFileSync(a, b);
    for (const args of [
      ['diff', a, b],
      ['merge', a, b, '-o', join(dir, 'held-merged.json')],
    ]) {
      const result = runCli(args, TINY_HEAP);
      expectClean(result, 2);
      expect(result.stderr).toMatch(TOO_LARGE);
    }
  }, 60_000);
});
