import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const BIN = join(import.meta.dirname, '../../dist/bin');
const WHOLE = join(BIN, 'cli.cjs');
const VALIDATE = join(BIN, 'cli-validate.cjs');
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

  it('is the bundle `mcpdesc validate` loads, and `mcpdesc lint` does not', () => {
    const loaded = (args: string[]) =>
      runCli(args, { cwd: work, env: { NODE_DEBUG: 'module' } }).stderr.match(/cli(-\w+)?\.cjs/g) ?? [];
    expect(new Set(loaded(['--no-color', 'validate', EXAMPLE]))).toEqual(new Set(['cli-validate.cjs']));
    expect(new Set(loaded(['lint', EXAMPLE]))).toEqual(new Set(['cli.cjs']));
  });
});
