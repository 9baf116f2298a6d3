import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-load-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadInput', () => {
  it('loads an operand as loadSource does', async () => {
    const { loadInput } = await import('../../src/cli/load-input.js');
    const file = join(dir, 'a.mcpdesc.json');
    writeFileSync(file, '{"mcpdesc": "0.8.0"}');
    const loaded = await loadInput(file);
    expect(loaded.value).toEqual({ mcpdesc: '0.8.0' });
    expect(loaded.sourceMap.locate('/mcpdesc')).toEqual({ line: 1, column: 13 });
  });
});
