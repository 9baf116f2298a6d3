import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-load-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh copy of the module: its tally of input is per process. */
async function freshModule() {
  vi.resetModules();
  return import('../../src/cli/load-input.js');
}

describe('loadInput', () => {
  it('loads an operand as loadSource does', async () => {
    const { loadInput } = await freshModule();
    const file = join(dir, 'a.mcpdesc.json');
    writeFileSync(file, '{"mcpdesc": "0.8.0"}');
    const loaded = await loadInput(file);
    expect(loaded.value).toEqual({ mcpdesc: '0.8.0' });
    expect(loaded.sourceMap.locate('/mcpdesc')).toEqual({ line: 1, column: 13 });
  });

  it('tunes the heap only once the input read adds up to many bytes', async () => {
    const { noteInputSize, heapTunedForLargeInput, LARGE_INPUT_BYTES } = await freshModule();
    noteInputSize(LARGE_INPUT_BYTES / 2);
    expect(heapTunedForLargeInput()).toBe(false);
    noteInputSize(LARGE_INPUT_BYTES / 2 - 1);
    expect(heapTunedForLargeInput()).toBe(false);
    noteInputSize(1);
    expect(heapTunedForLargeInput()).toBe(true);
  });

  it('counts what it loads towards that total', async () => {
    const { loadInput, heapTunedForLargeInput, noteInputSize, LARGE_INPUT_BYTES } = await freshModule();
    const file = join(dir, 'b.mcpdesc.json');
    writeFileSync(file, '{"mcpdesc": "0.8.0"}');
    noteInputSize(LARGE_INPUT_BYTES - 10);
    await loadInput(file);
    expect(heapTunedForLargeInput()).toBe(true);
  });
});
