import { describe, expect, it } from 'vitest';
import { realEngines } from '../../src/action/engines.js';
import { IgnoreInputError, readBaseIgnore } from '../../src/action/ignore-file.js';
import { loadDocument } from '../../src/parse/index.js';

const ENTRY = 'ignore:\n  - rule: tool-removed\n    subject: tool:b\n    reason: sunset\n';
const BASE = 'b'.repeat(40);
const HEAD = 'c'.repeat(40);

/** A repository in which the pull request (head) adds the ignore file: base does not have it. */
function reader(files: Record<string, string>) {
  return async (rev: string, path: string) => {
    const text = files[`${rev}:${path}`];
    return text === undefined ? undefined : Buffer.from(text);
  };
}

describe('readBaseIgnore (the ignore file comes from the base commit)', () => {
  it('reads the entries the base commit has', async () => {
    const ignore = await readBaseIgnore(
      reader({ [`${BASE}:.mcpdesc-ignore.yaml`]: ENTRY }),
      BASE,
      '.mcpdesc-ignore.yaml',
    );
    expect(ignore.entries).toEqual([
      { index: 1, rule: 'tool-removed', subject: { kind: 'tool', key: 'b' }, reason: 'sunset' },
    ]);
    expect(ignore.note).toBe('Ignore file .mcpdesc-ignore.yaml from the base commit bbbbbbb: 1 entry.');
  });

  it('ignores nothing when only the pull request adds the file', async () => {
    const ignore = await readBaseIgnore(
      reader({ [`${HEAD}:.mcpdesc-ignore.yaml`]: ENTRY }),
      BASE,
      '.mcpdesc-ignore.yaml',
    );
    expect(ignore.entries).toEqual([]);
    expect(ignore.note).toContain('is not in the base commit bbbbbbb: no change is ignored');
  });

  it('fails on an invalid file in base, naming it', async () => {
    await expect(readBaseIgnore(reader({ [`${BASE}:x.yaml`]: 'ignore: 3' }), BASE, 'x.yaml')).rejects.toThrow(
      IgnoreInputError,
    );
    await expect(readBaseIgnore(reader({ [`${BASE}:x.yaml`]: 'ignore: 3' }), BASE, 'x.yaml')).rejects.toThrow(
      /^Input "ignore-file": x.yaml in the base commit bbbbbbb: /,
    );
  });
});

describe('realEngines with ignore entries', () => {
  const V1 =
    'mcpdesc: 0.8.0\ninfo:\n  name: x\n  version: 1.0.0\nprotocolVersions: [2025-11-25]\ntools:\n  - name: a\n  - name: b\n';
  const V2 =
    'mcpdesc: 0.8.0\ninfo:\n  name: x\n  version: 1.0.0\nprotocolVersions: [2025-11-25]\ntools:\n  - name: a\n';
  it('suppresses the matched change and reports what the entries did', async () => {
    const calls: [string, number, readonly string[]][] = [];
    const base = loadDocument(V1, { file: 's.yaml' });
    const head = loadDocument(V2, { file: 's.yaml' });
    const plain = await realEngines({ lint: false, config: '', workspace: '/nonexistent' });
    expect((await plain.diff(base, head)).map((c) => c.ruleId)).toEqual(['tool-removed']);
    const ignore = await readBaseIgnore(reader({ [`${BASE}:i.yaml`]: ENTRY }), BASE, 'i.yaml');
    const engines = await realEngines({
      lint: false,
      config: '',
      workspace: '/nonexistent',
      ignore: ignore.entries,
      onIgnored: (file, ignored, notes) => calls.push([file, ignored, notes]),
    });
    expect(await engines.diff(base, head)).toEqual([]);
    expect(calls).toEqual([['s.yaml', 1, []]]);
  });
});
