import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The built module: a child process runs it, and Node 20 runs no TypeScript (npm test builds first).
const BUILT = join(import.meta.dirname, '../../dist/util/v8-tuning.js');
const TUNING = pathToFileURL(BUILT).href;
const LOAD_INPUT = pathToFileURL(join(import.meta.dirname, '../../dist/cli/load-input.js')).href;

/**
 * V8 ignores a flag it does not know without a word, so each flag's effect is checked in a process
 * of its own (the flags are process-wide): a Node whose V8 renamed one fails here, not silently.
 */
function inFreshProcess(body: string): unknown {
  const script = `
    const { useCommandLineV8Flags, usesCommandLineV8Flags } = await import(${JSON.stringify(TUNING)});
    const v8 = await import('node:v8');
    const tuned = process.argv.includes('tuned');
    if (tuned) useCommandLineV8Flags();
    ${body}
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, 'tuned'], {
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout);
}

// Node 20's V8 (11.x), where the flags were measured. Some later V8s raise a semi-space growth factor
// below 2 to 2, so there the flag is accepted and changes nothing.
const MEASURED_V8 = Number(process.versions.v8.split('.')[0]) === 11;

/**
 * The young generation's size after 400,000 objects that all survive (an untuned V8 grows its
 * semi-spaces to 16 MB each), in a fresh tuned process that first runs `before`.
 */
function youngGenerationAfterSurvivors(before = ''): { tuned: boolean; size: number } {
  return inFreshProcess(`
    ${before}
    const kept = [];
    for (let i = 0; i < 400000; i++) kept.push({ i, text: 'x' + i });
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    console.log(JSON.stringify({ tuned: usesCommandLineV8Flags(), size: space.space_size, kept: kept.length }));
  `) as { tuned: boolean; size: number };
}

describe.skipIf(!existsSync(BUILT))('the executable’s V8 flags', () => {
  it('are all known to this V8 (it would print an error for each unknown one at every start)', () => {
    const tuned = inFreshProcess('console.log(JSON.stringify(usesCommandLineV8Flags()));');
    expect(tuned).toBe(true);
  });
  it.skipIf(!MEASURED_V8)(
    'keep the young generation at the size it starts with, however much survives',
    () => {
      const newSpace = youngGenerationAfterSurvivors();
      expect(newSpace.tuned).toBe(true);
      expect(newSpace.size).toBeLessThanOrEqual(4 * 1024 * 1024);
    },
  );
  it('let it grow again once a command has read a large input (src/cli/load-input.ts)', () => {
    const newSpace = youngGenerationAfterSurvivors(`
      const { noteInputSize, LARGE_INPUT_BYTES } = await import(${JSON.stringify(LOAD_INPUT)});
      noteInputSize(LARGE_INPUT_BYTES);
    `);
    expect(newSpace.tuned).toBe(true);
    expect(newSpace.size).toBeGreaterThan(4 * 1024 * 1024);
  });
});
