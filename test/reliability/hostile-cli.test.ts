import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, runCli } from '../support/cli.js';
import { generateDescription } from '../support/generate.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-hostile-'));
const write = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const base = { mcpdesc: '0.8.0', info: { name: 'h', version: '1.0.0' }, protocolVersions: ['2025-11-25'] };

/** Exit 0, 1 or 2 with a message and never an internal error or a stack trace. */
function expectCleanOutcome(result: { code: number; stdout: string; stderr: string }, allowed = [0, 1, 2]) {
  expect(allowed).toContain(result.code);
  expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
  if (result.code === 2) expect(result.stderr.trim()).not.toBe('');
}

describe('hostile documents through the commands', () => {
  it('nesting depth 10,000: one-line limit error, exit 2', () => {
    const file = write('deep.json', `{"mcpdesc": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    for (const command of ['validate', 'lint']) {
      const result = runCli([command, file]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('limit-depth');
    }
  });

  it('a 10 MB string: scalar limit error, exit 2', () => {
    const file = write('long.json', JSON.stringify({ ...base, instructions: 'x'.repeat(10_000_000) }));
    const result = runCli(['validate', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('limit-scalar');
  });

  it('100,000 tools validate and diff against themselves without error', () => {
    const file = write('many.json', JSON.stringify(generateDescription(100_000)));
    expectCleanOutcome(runCli(['validate', file]), [0]);
    const diff = runCli(['diff', file, file, '--format', 'json']);
    expect(diff.code).toBe(0);
    expect(JSON.parse(diff.stdout).changes).toEqual([]);
  }, 180_000);

  it('lint reports 210,000 findings (more than V8 takes as arguments of one call)', () => {
    // Three findings a tool: no description and an untyped property (warnings), a read-only name
    // without `readOnlyHint` (info).
    const tools = Array.from({ length: 70_000 }, (_, i) => ({
      name: `get_${i}`,
      inputSchema: { type: 'object', properties: { value: {} } },
    }));
    const file = write('findings.json', JSON.stringify({ ...base, tools }));
    const result = runCli(['lint', file]);
    expectCleanOutcome(result, [0]);
    expect(result.stdout).toContain('⚠ 210000 problems (0 errors, 140000 warnings, 70000 other)');
  }, 180_000);

  // Each of these took from 5 s to minutes while merge and diff searched lists for each member.
  it('merge of two 20,000-tool descriptions of one revision names every differing tool', () => {
    const tools = (edit: string) =>
      Array.from({ length: 20_000 }, (_, i) => ({
        name: `t_${i}`,
        description: `Tool ${i}${edit}`,
        inputSchema: { type: 'object', additionalProperties: false },
      }));
    const ours = write('merge-ours.json', JSON.stringify({ ...base, tools: tools('') }));
    const theirs = write('merge-theirs.json', JSON.stringify({ ...base, tools: tools(' (edited)') }));
    const result = runCli(['merge', ours, theirs, '-o', join(dir, 'merged.json')]);
    expectCleanOutcome(result, [1]);
    // The text report shows the first 25 and counts the rest; the JSON report names every one.
    expect(result.stderr.match(/^conflict /gm)).toHaveLength(25);
    expect(result.stderr).toContain('… and 19975 conflicts more (--report-format json lists every one)');
    expect(existsSync(join(dir, 'merged.json'))).toBe(false);
    const json = runCli(['merge', ours, theirs, '--report-format', 'json']);
    expect(json.code).toBe(1);
    const conflicts = (JSON.parse(json.stdout) as { conflicts: { message: string }[] }).conflicts;
    expect(conflicts).toHaveLength(20_000);
    expect(new Set(conflicts.map((c) => /t_\d+/.exec(c.message)?.[0])).size).toBe(20_000);
  }, 180_000);

  it('the merge driver merges edits to different tools of a 20,000-tool description', () => {
    const doc = (edited: (i: number) => boolean) => ({
      ...base,
      tools: Array.from({ length: 20_000 }, (_, i) => ({
        name: `t_${i}`,
        description: edited(i) ? `Tool ${i}, edited` : `Tool ${i}`,
        inputSchema: { type: 'object', additionalProperties: false },
      })),
    });
    const baseFile = write('driver-base.json', JSON.stringify(doc(() => false)));
    const oursFile = write('driver-ours.json', JSON.stringify(doc((i) => i % 2 === 0)));
    const theirsFile = write('driver-theirs.json', JSON.stringify(doc((i) => i % 3 === 1)));
    const result = runCli(['merge-driver', baseFile, oursFile, theirsFile]);
    expectCleanOutcome(result, [0]);
    const merged = JSON.parse(readFileSync(oursFile, 'utf8')) as { tools: { description: string }[] };
    expect(merged.tools[4]?.description).toBe('Tool 4, edited');
    expect(merged.tools[7]?.description).toBe('Tool 7, edited');
    expect(merged.tools[5]?.description).toBe('Tool 5');
  }, 180_000);

  it('20,000 transports: diff pairs every one, merge of a reordering finds no conflict', () => {
    const transports = (order: number, path: string) =>
      Array.from({ length: 20_000 }, (_, i) => ({
        type: 'streamable-http',
        url: `https://h${(i * order) % 20_000}.example.com/mcp${path}`,
      }));
    const a = write('transports-a.json', JSON.stringify({ ...base, transports: transports(1, '') }));
    const moved = write('transports-b.json', JSON.stringify({ ...base, transports: transports(7, '/v2') }));
    const reordered = write('transports-c.json', JSON.stringify({ ...base, transports: transports(7, '') }));
    const diff = runCli(['diff', a, moved, '--format', 'json']);
    expectCleanOutcome(diff, [0, 1]);
    const changes = JSON.parse(diff.stdout).changes as { ruleId: string }[];
    expect(changes).toHaveLength(20_000);
    expect(new Set(changes.map((c) => c.ruleId)).size).toBe(1);
    const merge = runCli(['merge', a, reordered, '-o', join(dir, 'transports-merged.json')]);
    expectCleanOutcome(merge, [0]);
  }, 180_000);

  it('20,000 variants of one tool name: one overlap per variant, every command ends cleanly', () => {
    const tools = (tag: string) =>
      Array.from({ length: 20_000 }, (_, i) => ({
        name: 't',
        description: `${tag}${i}`,
        inputSchema: { type: 'object' },
      }));
    const a = write('same-name-a.json', JSON.stringify({ ...base, tools: tools('a') }));
    const b = write('same-name-b.json', JSON.stringify({ ...base, tools: tools('b') }));
    const validate = runCli(['validate', a, '--format', 'json']);
    expectCleanOutcome(validate, [1]);
    const findings = JSON.parse(validate.stdout).files[0].findings as { code: string }[];
    expect(findings.filter((f) => f.code === 'primitive-scope-overlap')).toHaveLength(19_999);
    expectCleanOutcome(runCli(['lint', a]), [1]);
    expectCleanOutcome(runCli(['diff', a, b]), [2]);
    expectCleanOutcome(runCli(['merge', a, b, '-o', join(dir, 'same-name-merged.json')]), [1]);
  }, 180_000);

  it('a 3,000-branch anyOf whose every branch changed: diff reports each one', () => {
    const schema = (offset: number) => ({
      type: 'object',
      properties: { v: { anyOf: Array.from({ length: 3000 }, (_, i) => ({ const: i + offset })) } },
    });
    const transports = [{ type: 'stdio', command: 'x' }];
    const a = write(
      'anyof-a.json',
      JSON.stringify({ ...base, transports, tools: [{ name: 't', inputSchema: schema(0) }] }),
    );
    const b = write(
      'anyof-b.json',
      JSON.stringify({ ...base, transports, tools: [{ name: 't', inputSchema: schema(100_000) }] }),
    );
    const diff = runCli(['diff', a, b, '--format', 'json']);
    expectCleanOutcome(diff, [1]);
    const changes = JSON.parse(diff.stdout).changes as { ruleId: string }[];
    expect(changes.filter((c) => c.ruleId === 'input-schema-narrowed')).toHaveLength(3000);
  }, 180_000);

  it('__proto__, constructor and prototype keys round-trip as data through project and merge', () => {
    const doc = {
      ...base,
      'x-__proto__': 1,
      tools: [
        {
          name: 'proto',
          inputSchema: {
            type: 'object',
            properties: {
              __proto__: { type: 'string' },
              constructor: { type: 'string' },
              prototype: { type: 'string' },
            },
          },
        },
      ],
    };
    // JSON.stringify drops a literal __proto__ key in an object literal, so build the text by hand.
    const text = JSON.stringify(doc).replace(
      '"properties":{',
      '"properties":{"__proto__":{"type":"string"},',
    );
    const file = write('proto.json', text);
    const projected = runCli(['project', file, '--protocol-version', '2025-11-25', '--format', 'json']);
    expect(projected.code).toBe(0);
    expect(projected.stdout).toContain('"__proto__"');
    const out = join(dir, 'proto-merged.json');
    expectCleanOutcome(runCli(['merge', file, file, '-o', out]), [0]);
    expect(readFileSync(out, 'utf8')).toContain('"__proto__"');
    expect(runCli(['diff', file, out]).code).toBe(0);
  });

  it('valueOf and toString keys checked against object const, enum and uniqueItems: findings, no internal error', () => {
    // Ajv's deep equality called such keys as methods and threw a TypeError.
    const file = write(
      'value-of.json',
      JSON.stringify({
        ...base,
        transports: [{ type: 'stdio', command: 'x' }],
        tools: [
          {
            name: 't',
            inputSchema: {
              type: 'object',
              properties: {
                a: { const: { x: 1 } },
                b: { enum: [{ y: 1 }] },
                c: { type: 'array', uniqueItems: true },
              },
            },
            examples: {
              e: {
                input: { a: { valueOf: 1 }, b: { toString: [] }, c: [{}, { toString: [] }, { valueOf: 2 }] },
                result: { content: [] },
              },
            },
          },
        ],
      }),
    );
    for (const command of ['validate', 'lint']) {
      const result = runCli([command, file]);
      expectCleanOutcome(result, [1]);
      expect(result.stdout).toContain(
        '/a must be equal to constant; /b must be equal to one of the allowed values',
      );
    }
  });

  it('a $ref chain deeper than the comparison bound: an unknown change, not a stack overflow', () => {
    const chain = (last: string) => {
      const defs: Record<string, unknown> = {};
      for (let i = 0; i < 1000; i++)
        defs[`d${i}`] =
          i === 999 ? { type: last } : { type: 'object', properties: { n: { $ref: `#/$defs/d${i + 1}` } } };
      return { $defs: defs, $ref: '#/$defs/d0' };
    };
    const a = write('chain-a.json', JSON.stringify(chain('string')));
    const b = write('chain-b.json', JSON.stringify(chain('number')));
    const result = runCli(['schema-diff', a, b]);
    expectCleanOutcome(result, [0]);
    expect(result.stdout).toMatch(
      /comparison-too-deep[\s\S]*not compared: more than 512 nested comparisons deep/,
    );
    const anyOfs: Record<string, unknown> = {};
    for (let i = 0; i < 600; i++)
      anyOfs[`d${i}`] = {
        anyOf: [
          { $ref: `#/$defs/d${i + 1}` },
          { type: 'object', properties: { x: { $ref: `#/$defs/d${i + 1}` } } },
        ],
      };
    anyOfs.d600 = { type: 'string' };
    const c = write('anyof-chain-a.json', JSON.stringify({ $defs: anyOfs, $ref: '#/$defs/d0' }));
    const d = write(
      'anyof-chain-b.json',
      JSON.stringify({ $defs: { ...anyOfs, d600: { type: 'number' } }, $ref: '#/$defs/d0' }),
    );
    expectCleanOutcome(runCli(['schema-diff', c, d]), [0, 1]);
  });

  it('unknown formats in a tool schema: no console output from the validator library', () => {
    const file = write(
      'unknown-format.json',
      JSON.stringify({
        ...base,
        transports: [{ type: 'stdio', command: 'x' }],
        tools: [
          {
            name: 't',
            inputSchema: { type: 'object', properties: { a: { type: 'string', format: 'not-a-format' } } },
            examples: { e: { input: { a: 'x' }, result: { content: [] } } },
          },
        ],
      }),
    );
    for (const command of ['validate', 'lint']) {
      const result = runCli([command, file]);
      expectCleanOutcome(result, [0, 1]);
      expect(result.stderr).not.toMatch(/unknown format/);
    }
  });

  it('cyclic $componentRef and $ref are reported, not followed forever', () => {
    const file = write(
      'cycles.json',
      JSON.stringify({
        ...base,
        components: {
          schemas: {
            A: { $componentRef: '#/components/schemas/B' },
            B: { $componentRef: '#/components/schemas/A' },
          },
        },
        tools: [
          { name: 'a', inputSchema: { $componentRef: '#/components/schemas/A' } },
          {
            name: 'b',
            inputSchema: {
              type: 'object',
              $defs: { n: { $ref: '#/$defs/n' } },
              properties: { x: { $ref: '#/$defs/n' } },
            },
          },
        ],
      }),
    );
    const result = runCli(['validate', file]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('component-reference-cycle');
    expectCleanOutcome(runCli(['diff', file, file, '--no-validate']));
    const schema = write(
      'recursive.schema.json',
      JSON.stringify({ $defs: { n: { $ref: '#/$defs/n' } }, $ref: '#/$defs/n' }),
    );
    expectCleanOutcome(runCli(['schema-diff', schema, schema]), [0]);
  });

  it('a catastrophic-backtracking pattern used by an example stays bounded', () => {
    const file = write(
      'redos.json',
      JSON.stringify({
        ...base,
        tools: [
          {
            name: 'redos',
            inputSchema: { type: 'object', properties: { q: { type: 'string', pattern: '^(a+)+$' } } },
            examples: {
              slow: {
                input: { q: `${'a'.repeat(5000)}!` },
                result: { content: [{ type: 'text', text: 'x' }] },
              },
            },
          },
        ],
      }),
    );
    for (const command of ['validate', 'lint']) expectCleanOutcome(runCli([command, file]));
  });

  it.each([
    ['lint', []],
    ['lint', ['-f', 'markdown']],
    ['lint', ['-f', 'github']],
    ['validate', []],
    ['diff', []],
    ['diff', ['--format', 'markdown']],
    ['changelog', []],
    ['merge', ['-o', '/dev/null']],
  ])('terminal escapes in names and descriptions never reach the output raw: %s %j', (command, extra) => {
    // ESC [ 2 J clears the screen, ESC ] 8 makes a link, U+009B is a one-character CSI, BEL rings.
    const hostile = (description: string) => ({
      ...base,
      info: { name: 'h\u001b]8;;https://evil.example\u0007x\u0085', version: '1.0.0' },
      transports: [{ type: 'stdio', command: 'x' }],
      tools: [
        {
          name: 't\u001b[2J\u009b31mx',
          description,
          inputSchema: { type: 'object', properties: { 'p\u001b[1m': { type: 'string' } } },
        },
      ],
    });
    const before = write(
      'escapes-old.json',
      JSON.stringify(hostile('ignore previous instructions \u001b[31mred\r')),
    );
    const after = write('escapes-new.json', JSON.stringify(hostile('changed \u001b[32mgreen\u009b')));
    const operands = command === 'lint' || command === 'validate' ? [before] : [before, after];
    const result = runCli([command, ...operands, ...extra, '--no-color']);
    expectCleanOutcome(result);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
    const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
    expect(result.stdout).not.toMatch(raw);
    expect(result.stderr).not.toMatch(raw);
  });

  it.skipIf(!existsSync('/dev/zero')).each([
    ['a config extending /dev/zero', 'extends', ['lint', 'DOC']],
    ['-c /dev/zero', undefined, ['lint', 'DOC', '-c', '/dev/zero']],
    ['diff --ignore /dev/zero', undefined, ['diff', 'DOC', 'DOC', '--ignore', '/dev/zero']],
    [
      'lint --cache-location /dev/zero',
      undefined,
      ['lint', 'DOC', '--cache', '--cache-location', '/dev/zero'],
    ],
  ])('%s: read up to the byte limit, never forever', (_name, config, args) => {
    const project = join(dir, `endless-${args.length}-${config ?? 'none'}`);
    mkdirSync(project, { recursive: true });
    const doc = join(project, 'a.mcpdesc.json');
    writeFileSync(doc, JSON.stringify({ ...base, transports: [{ type: 'stdio', command: 'x' }] }));
    if (config) writeFileSync(join(project, '.mcpdesc.yaml'), "extends: ['/dev/zero']\n");
    const result = runCli([...args.map((a) => (a === 'DOC' ? doc : a)), '--max-bytes', '100000'], {
      cwd: project,
      timeout: 20_000,
    });
    expectCleanOutcome(result);
    if (args.includes('--cache')) expect(result.stderr).toContain('not using the lint cache /dev/zero');
    else {
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/over the limit of 100000/);
    }
  });

  it.skipIf(process.platform === 'win32')(
    'terminal escapes in file names never reach the output raw (a checkout names its own files)',
    () => {
      const project = join(dir, 'escaped-names');
      mkdirSync(project, { recursive: true });
      const described = { ...base, transports: [{ type: 'stdio', command: 'x' }], tools: [{ name: 't' }] };
      writeFileSync(join(project, 'evil\u001b[2J.mcpdesc.json'), JSON.stringify(described));
      writeFileSync(join(project, 'other\u009b1m.mcpdesc.json'), JSON.stringify({ ...described, tools: [] }));
      writeFileSync(join(project, 'broken\u0007.yaml'), 'a: [');
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
      const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
      for (const args of [
        ['lint'],
        ['validate', 'evil\u001b[2J.mcpdesc.json', 'broken\u0007.yaml'],
        ['diff', 'evil\u001b[2J.mcpdesc.json', 'other\u009b1m.mcpdesc.json'],
        ['merge', 'evil\u001b[2J.mcpdesc.json', 'other\u009b1m.mcpdesc.json'],
      ]) {
        const result = runCli([...args, '--no-color'], { cwd: project });
        expectCleanOutcome(result);
        expect(`${result.stdout}${result.stderr}`).toContain('\\u{');
        expect(result.stdout).not.toMatch(raw);
        expect(result.stderr).not.toMatch(raw);
      }
    },
  );

  it('invalid UTF-8, NUL bytes, CRLF with a BOM', () => {
    const invalid = write(
      'bad-utf8.json',
      Buffer.concat([Buffer.from('{"mcpdesc": "'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
    );
    expect(runCli(['validate', invalid]).stderr).toMatch(/bad-utf8\.json:1:14: .*invalid-utf8/);
    const nul = write('nul.yaml', 'mcpdesc: "0.8.0"\ninfo:\n  name: "a\u0000b"\n');
    expect(runCli(['validate', nul]).stderr).toMatch(/nul\.yaml:3:11: .*U\+0000/);
    const crlf = write('crlf.json', `\ufeff${JSON.stringify(base, null, 2).replace(/\n/g, '\r\n')}`);
    expect(runCli(['validate', crlf]).code).toBe(0);
  });

  it('a directory passed as a file, and symlink loops under a glob', () => {
    const result = runCli(['validate', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is-directory');
    const loopRoot = join(dir, 'loop');
    mkdirSync(loopRoot);
    writeFileSync(join(loopRoot, 'ok.mcpdesc.json'), JSON.stringify(base));
    symlinkSync(loopRoot, join(loopRoot, 'again'));
    const lint = runCli(['lint', '**/*.mcpdesc.json'], { cwd: loopRoot });
    expectCleanOutcome(lint, [0, 1]);
    expect(lint.stdout.match(/ok\.mcpdesc\.json/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });

  it.skipIf(!existsSync('/dev/zero'))('an endless device is read only up to the size limit', () => {
    const result = runCli(['--max-bytes', '100000', 'validate', '/dev/zero']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/\/dev\/zero: .*over the limit of 100000 \(limit-bytes\)/);
  });
});

describe('interrupted writes', () => {
  it('SIGTERM or SIGINT during merge -o leaves either the old file or the new one, and no temporary file', async () => {
    const big = generateDescription(20_000);
    const a = write('half-a.json', JSON.stringify(big));
    const b = write('half-b.json', JSON.stringify({ ...big, protocolVersions: ['2026-07-28'] }));
    const out = join(dir, 'merged-target.json');
    const old = '{"old": true}\n';
    // Signals at fractions of an uninterrupted run, so some land while the output is written
    // however fast the merge is on this machine.
    const started = Date.now();
    expect(spawnSync(process.execPath, [CLI, 'merge', a, b, '-o', out]).status).toBe(0);
    const duration = Date.now() - started;
    for (const [signal, fraction] of [
      ['SIGTERM', 0.3],
      ['SIGINT', 0.6],
      ['SIGTERM', 0.85],
      ['SIGINT', 0.95],
    ] as const) {
      const delay = Math.round(duration * fraction);
      writeFileSync(out, old);
      const child = spawn(process.execPath, [CLI, 'merge', a, b, '-o', out], { stdio: 'ignore' });
      // Listening from the start: a merge that finishes before the signal has exited already.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill(signal);
      await exited;
      const content = readFileSync(out, 'utf8');
      if (content !== old) expect(() => JSON.parse(content)).not.toThrow();
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    }
  }, 120_000);
});

describe('output that cannot be written', () => {
  // 5,000 tools named as readers without `readOnlyHint` (write-tool-hints, one finding each): ≈ 0.9 MB
  // of lint report, far more than a pipe holds.
  const many = () => {
    const doc = generateDescription(5_000);
    for (const tool of doc.tools as { name: string; annotations?: unknown }[]) {
      tool.name = `get_${tool.name}`;
      delete tool.annotations;
    }
    const file = write('many-findings.json', JSON.stringify(doc));
    expect(runCli(['lint', file]).stdout.length).toBeGreaterThan(300_000);
    return file;
  };

  it('a reader that stops early (`| head`): no stack trace, the command exit code', async () => {
    const file = many();
    const child = spawn(process.execPath, [CLI, 'lint', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    // Read one chunk, then close the pipe as `head` does.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(runCli(['lint', file]).code);
  }, 60_000);

  it.runIf(existsSync('/dev/full'))(
    'a full disk: a one-line message and exit 2, not exit 0',
    () => {
      const file = many();
      const result = spawnSync(process.execPath, [CLI, 'lint', file], {
        stdio: ['ignore', openSync('/dev/full', 'w'), 'pipe'],
        encoding: 'utf8',
      });
      expect(result.status).toBe(2);
      expect(result.stderr.trim()).toMatch(/^mcpdesc: cannot write the output: ENOSPC/);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    },
    60_000,
  );
});
