import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, runCli } from '../support/cli.js';

const EXAMPLE = join(import.meta.dirname, '../../examples/weather-v1.mcpdesc.yaml');
const work = mkdtempSync(join(tmpdir(), 'mcpdesc-streams-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Node creates process.stdout/stderr on first access; for a pipe that loads node:net (and node:tty
// where a terminal is asked about), ≈ 7–10 ms of a cold start. The built-in modules a run loaded
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

  it('are created when a run has something to say', () => {
    const { code, loaded } = streamModulesLoaded(['validate', 'bad.json']);
    expect(code).toBe(1);
    expect(loaded).toContain('NativeModule net');
  });

  it("guard commander's own messages against workflow commands", () => {
    const result = runCli(['validate', '--max-bytes', '1\n::error::pwned', EXAMPLE], { cwd: work });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('\\u{3A}:error::pwned');
    expect(result.stderr).not.toMatch(/^::error::/m);
  });
});
