import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, runCli } from '../support/cli.js';
import { generateDescription } from '../support/generate.js';

const EXAMPLE = join(import.meta.dirname, '../../examples/weather-v1.mcpdesc.yaml');
const work = mkdtempSync(join(tmpdir(), 'mcpdesc-streams-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Node creates process.stdout/stderr on first access; for a pipe that loads node:net (and node:tty
// where a terminal is asked about), ≈ 7–10 ms of a cold start, which the CLI never pays on Linux
// (src/cli/streams.ts writes to the descriptors). The built-in modules a run loaded
// are in process.moduleLoadList, written to a file at exit by a preload.
const PRELOAD = join(work, 'loaded.cjs');
writeFileSync(
  PRELOAD,
  `process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADED_FILE, JSON.stringify(
  process.moduleLoadList.filter((m) => /^NativeModule (net|tty)$/.test(m)))));\n`,
);

function streamModulesLoaded(args: string[]): { code: number | null; loaded: string[] } {
  const file = join(work, 'loaded.json');
  const result = spawnSync(process.execPath, ['--require', PRELOAD, CLI, ...args], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, LOADED_FILE: file, NO_COLOR: '' },
  });
  return { code: result.status, loaded: JSON.parse(readFileSync(file, 'utf8')) as string[] };
}

describe.skipIf(!existsSync(CLI))('standard output and error', () => {
  writeFileSync(
    join(work, 'bad.json'),
    '{"mcpdesc": "0.8.0", "info": {"name": "x"}, "tools": [{"name": 1}]}',
  );

  it('are never created by a run that writes nothing (output to pipes)', () => {
    expect(streamModulesLoaded(['validate', EXAMPLE])).toEqual({ code: 0, loaded: [] });
  });

  it('are not created either when a run writes to pipes: the text goes to the descriptors', () => {
    const { code, loaded } = streamModulesLoaded(['validate', 'bad.json']);
    expect(code).toBe(1);
    expect(loaded).toEqual([]);
  });

  // A descriptor another program left non-blocking answers EAGAIN once the pipe is full; the rest
  // of the output then goes through Node's stream, which queues it. python3 sets O_NONBLOCK on the
  // pipe and runs the CLI in its place; the reader waits before reading, so the pipe fills.
  it.runIf(process.platform !== 'win32' && spawnSync('python3', ['--version']).status === 0)(
    'a non-blocking descriptor: every byte still arrives, in order',
    async () => {
      const doc = generateDescription(3_000);
      for (const tool of doc.tools as { name: string; annotations?: unknown }[]) {
        tool.name = `get_${tool.name}`;
        delete tool.annotations;
      }
      const file = join(work, 'many.json');
      writeFileSync(file, JSON.stringify(doc));
      const expected = runCli(['lint', file], { cwd: work });
      expect(expected.stdout.length).toBeGreaterThan(200_000);
      const child = spawn(
        'python3',
        [
          '-c',
          'import fcntl, os, sys; fcntl.fcntl(1, fcntl.F_SETFL, fcntl.fcntl(1, fcntl.F_GETFL) | os.O_NONBLOCK); os.execv(sys.argv[1], sys.argv[1:])',
          process.execPath,
          CLI,
          'lint',
          file,
        ],
        { cwd: work, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout.pause();
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      child.stdout.resume();
      const code = await new Promise((resolve) => child.once('close', resolve));
      expect(stderr).toBe('');
      expect(code).toBe(expected.code);
      expect(stdout).toBe(expected.stdout);
    },
    60_000,
  );

  it("guard commander's own messages against workflow commands", () => {
    const result = runCli(['validate', '--max-bytes', '1\n::error::pwned', EXAMPLE], { cwd: work });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('\\u{3A}:error::pwned');
    expect(result.stderr).not.toMatch(/^::error::/m);
  });
});
