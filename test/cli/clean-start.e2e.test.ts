import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, runCli } from '../support/cli.js';

const EXAMPLES = join(import.meta.dirname, '../../examples');
const V1 = join(EXAMPLES, 'weather-v1.mcpdesc.yaml');
const V2 = join(EXAMPLES, 'weather-v2.mcpdesc.yaml');
const SRC = join(import.meta.dirname, '../../src');
const work = mkdtempSync(join(tmpdir(), 'mcpdesc-clean-start-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The executable runs the same on every Node it supports: no V8 flags set at run time (Node 24's
// V8 printed an error for one at every start), no thread priorities changed, no code caches for one
// V8 build. CI runs this suite under Node 20, 22 and 24 (process.execPath is the Node under test).
describe.skipIf(!existsSync(CLI))(`the executable on Node ${process.version}`, () => {
  const commandLines: [string, string[], number][] = [
    ['--version', ['--version'], 0],
    ['--help', ['--help'], 0],
    ['validate', ['validate', V1], 0],
    ['lint', ['lint', V1, '--format', 'json'], 0],
    ['diff', ['diff', V1, V2, '--fail-on', 'none'], 0],
    ['merge', ['merge', V1, V1, '-o', join(work, 'merged.json')], 0],
  ];

  it.each(commandLines)('%s writes nothing to standard error', { timeout: 120_000 }, (_name, args, code) => {
    // Twice: the first run may fill Node's compile cache, the second reads it.
    for (let run = 0; run < 2; run++) {
      const result = runCli(args, { cwd: work, env: { NODE_COMPILE_CACHE: join(work, 'compile-cache') } });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(code);
    }
  });

  it.skipIf(process.platform !== 'linux' || !existsSync('/proc/self/task'))(
    'leaves every thread at the priority it started with',
    async () => {
      // `validate -` waits on standard input, so its threads can be looked at while it runs.
      const child = spawn(process.execPath, [CLI, 'validate', '-'], { stdio: ['pipe', 'ignore', 'pipe'] });
      const pid = child.pid as number;
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += String(chunk);
      });
      const ended = new Promise((resolve) => child.on('close', resolve));
      try {
        // Long enough for the bundle to be loaded and V8's workers to run.
        await new Promise((resolve) => setTimeout(resolve, 700));
        const niceness = readdirSync(`/proc/${pid}/task`).map((task) => {
          const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
          // After the command name (in parentheses, which may hold spaces), niceness is field 19.
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
        });
        expect(niceness.length).toBeGreaterThan(1);
        expect(new Set(niceness).size).toBe(1);
      } finally {
        child.stdin.end('{"mcpdesc": "0.8.0", "info": {"title": "t", "version": "1"}}');
        await ended;
      }
      expect(stderr).toBe('');
    },
  );
});

describe('the sources', () => {
  it('set no V8 flags and change no thread priorities at run time', () => {
    const offenders = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .filter((name) => /setFlagsFromString|setPriority\(/.test(readFileSync(join(SRC, name), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
