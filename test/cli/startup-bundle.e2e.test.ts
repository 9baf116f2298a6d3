import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const BIN = join(import.meta.dirname, '../../dist/bin');
const WHOLE = join(BIN, 'cli.cjs');
const VALIDATE = join(BIN, 'cli-validate.cjs');
const LINT = join(BIN, 'cli-lint.cjs');
const MERGE = join(BIN, 'cli-merge.cjs');
const EXAMPLE = join(import.meta.dirname, '../../examples/weather-v1.mcpdesc.yaml');
const work = mkdtempSync(join(tmpdir(), 'mcpdesc-startup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs a command line with one bundle, as src/cli/launch.ts would. */
function runWith(bundle: string, args: string[]) {
  const runner = `const cli = require(${JSON.stringify(bundle)});
cli.setModuleImporter((url) => import(url));
cli.runCli(['node', 'mcpdesc', ...process.argv.slice(1)]).then(
  (code) => { process.exitCode = code; },
  (error) => { process.stderr.write(cli.formatError(error, false) + '\\n'); process.exitCode = cli.EXIT_ERROR; },
);`;
  const result = spawnSync(process.execPath, ['-e', runner, ...args], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe.skipIf(!existsSync(VALIDATE))("validate's start-up bundle", () => {
  writeFileSync(
    join(work, 'bad.json'),
    '{"mcpdesc": "0.8.0", "info": {"name": "x"}, "tools": [{"name": 1}]}',
  );
  writeFileSync(join(work, 'broken.json'), '{"mcpdesc": ');

  it.each([
    ['a valid file', ['validate', EXAMPLE]],
    ['an invalid file, every format', ['validate', 'bad.json', '-f', 'stylish', '-f', 'json', '-f', 'sarif']],
    ['a file that does not parse', ['validate', 'broken.json']],
    ['a missing file', ['validate', 'absent.json']],
    ['global options before the command', ['--max-bytes', '10', 'validate', 'bad.json']],
    ['its help', ['validate', '--help']],
    ['an unknown option', ['validate', '--colour', 'bad.json']],
    ['no file', ['validate']],
  ])('answers as the whole command line: %s', (_name, args) => {
    expect(runWith(VALIDATE, args)).toEqual(runWith(WHOLE, args));
  });

  it('is the bundle `mcpdesc validate` loads, and `mcpdesc diff` does not', () => {
    expect(bundlesLoaded(['--no-color', 'validate', EXAMPLE])).toEqual(new Set(['cli-validate.cjs']));
    expect(bundlesLoaded(['diff', EXAMPLE, EXAMPLE])).toEqual(new Set(['cli.cjs']));
  });
});

describe.skipIf(!existsSync(LINT))("lint's start-up bundle", () => {
  writeFileSync(
    join(work, 'lint-bad.json'),
    '{"mcpdesc": "0.8.0", "info": {"name": "x", "version": "1"}, "protocolVersions": ["2025-11-25"], "tools": [{"name": "getThing", "inputSchema": {"type": "object", "properties": {"a": {"type": "array"}}, "required": ["b"]}}]}',
  );
  writeFileSync(join(work, 'lint.mcpdesc.yaml'), 'extends: strict\nrules:\n  tool-description: off\n');

  it.each([
    ['a valid file', ['lint', EXAMPLE]],
    [
      'findings, every format',
      ['lint', 'lint-bad.json', '-f', 'stylish', '-f', 'json', '-f', 'sarif', '-f', 'markdown'],
    ],
    ['a config file and a ruleset', ['lint', '-c', 'lint.mcpdesc.yaml', 'lint-bad.json']],
    ['a ruleset by name', ['lint', '--ruleset', 'strict', 'lint-bad.json']],
    ['a missing file', ['lint', 'absent.json']],
    ['its help', ['lint', '--help']],
    ['an unknown option', ['lint', '--colour', 'lint-bad.json']],
  ])('answers as the whole command line: %s', (_name, args) => {
    expect(runWith(LINT, args)).toEqual(runWith(WHOLE, args));
  });

  it('is the bundle `mcpdesc lint` loads', () => {
    expect(bundlesLoaded(['lint', EXAMPLE])).toEqual(new Set(['cli-lint.cjs']));
  });
});

describe.skipIf(!existsSync(MERGE))("merge's start-up bundle", () => {
  const EXAMPLE_V2 = join(import.meta.dirname, '../../examples/weather-v2.mcpdesc.yaml');
  writeFileSync(
    join(work, 'merge-a.json'),
    '{"mcpdesc": "0.8.0", "info": {"name": "x", "version": "1"}, "protocolVersions": ["2025-11-25"], "tools": [{"name": "a", "inputSchema": {"type": "object"}}]}',
  );
  writeFileSync(
    join(work, 'merge-b.json'),
    '{"mcpdesc": "0.8.0", "info": {"name": "x", "version": "2"}, "protocolVersions": ["2025-11-25"], "tools": [{"name": "a", "inputSchema": {"type": "string"}}]}',
  );
  writeFileSync(join(work, 'merge-base.json'), '{"mcpdesc": "0.8.0"}');

  it.each([
    ['a merge to standard output', ['merge', EXAMPLE, EXAMPLE]],
    ['conflicts, as JSON', ['merge', 'merge-a.json', 'merge-b.json', '-f', 'json']],
    ['a file that does not parse', ['merge', 'merge-base.json', 'merge-a.json']],
    ['a missing file', ['merge', 'absent.json', 'merge-a.json']],
    ['its help', ['merge', '--help']],
    ['an unknown option', ['merge', '--colour', 'merge-a.json']],
    [
      'the merge driver, a conflict',
      ['merge-driver', 'merge-base.json', 'merge-a.json', 'merge-b.json', 'x.json'],
    ],
    ['the merge driver, its help', ['merge-driver', '--help']],
  ])('answers as the whole command line: %s', (_name, args) => {
    expect(runWith(MERGE, args)).toEqual(runWith(WHOLE, args));
  });

  it('is the bundle `mcpdesc merge` and `mcpdesc merge-driver` load', () => {
    expect(bundlesLoaded(['merge', EXAMPLE, EXAMPLE_V2])).toEqual(new Set(['cli-merge.cjs']));
    expect(bundlesLoaded(['merge-driver', '--help'])).toEqual(new Set(['cli-merge.cjs']));
  });
});

/** The command line bundles a run of the executable loads. */
function bundlesLoaded(args: string[]): Set<string> {
  return new Set(
    runCli(args, { cwd: work, env: { NODE_DEBUG: 'module' } }).stderr.match(/cli(-\w+)?\.cjs/g) ?? [],
  );
}
