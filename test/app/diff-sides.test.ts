/**
 * The diff task for callers that hold the documents and the ignore entries themselves (the Action
 * reads both from git): compareSides with parsed entries and ignoreNotes, changelogOf with a missing
 * side, schemaSemanticsFor with a named config or a search root, validateLoaded.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changelogOf,
  compareSides,
  ignoreNotes,
  parseIgnoreText,
  schemaSemanticsFor,
} from '../../src/app/diff.js';
import { PositionedError } from '../../src/app/errors.js';
import { validateLoaded } from '../../src/app/validate.js';
import type { Change } from '../../src/diff/types.js';
import { loadDocument } from '../../src/parse/index.js';

const doc = (tools: string[], info: Record<string, string> = { name: 'users', version: '1.2.0' }) =>
  loadDocument(
    JSON.stringify({
      mcpdesc: '0.8.0',
      info,
      protocolVersions: ['2025-11-25'],
      tools: tools.map((name) => ({
        name,
        description: `The ${name} tool.`,
        inputSchema: { type: 'object' },
      })),
    }),
    { file: 'x.mcpdesc.json' },
  );

const change = (ruleId: string, level: Change['level']): Change => ({
  ruleId,
  level,
  message: ruleId,
  subject: { kind: 'document', key: 'x.mcpdesc.json' },
  revisions: [],
  fingerprint: '000000000000',
});

describe('compareSides with ignore entries already read', () => {
  const base = doc(['a', 'b']);
  const head = doc(['a']);

  it.each([
    { name: 'no entries', ignore: undefined, changes: ['tool-removed'], ignored: 0, notes: [] },
    {
      name: 'an entry that hides the removal',
      ignore: 'ignore:\n  - rule: tool-removed\n    subject: tool:b\n    reason: retired\n',
      changes: [],
      ignored: 1,
      notes: [],
    },
    {
      name: 'an entry that matches nothing: an unused-entry note',
      ignore: 'ignore:\n  - rule: tool-added\n    subject: tool:zzz\n    reason: none\n',
      changes: ['tool-removed'],
      ignored: 0,
      notes: [expect.stringMatching(/entry 1/)],
    },
    {
      name: 'an expired entry: an expiry note, the change is reported',
      ignore:
        'ignore:\n  - rule: tool-removed\n    subject: tool:b\n    reason: x\n    expires: 2000-01-01\n',
      changes: ['tool-removed'],
      ignored: 0,
      notes: [expect.stringMatching(/2000-01-01/)],
    },
  ])('$name', async ({ ignore, changes, ignored, notes }) => {
    const result = await compareSides(
      { old: base, new: head },
      { schemaSemantics: 'api', ...(ignore ? { ignore: parseIgnoreText(ignore, 'ignore.yaml') } : {}) },
    );
    expect(result.changes.map((c) => c.ruleId)).toEqual(changes);
    expect(result.summary.ignored).toBe(ignored);
    expect(ignoreNotes(result)).toEqual(notes);
  });

  it('parseIgnoreText: a broken text is a PositionedError naming the file, its message the reason alone', () => {
    let caught: unknown;
    try {
      parseIgnoreText('ignore: 3\n', 'base:.mcpdesc-ignore.yaml');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PositionedError);
    expect(caught).toMatchObject({
      code: 'ignore-file-invalid',
      file: 'base:.mcpdesc-ignore.yaml',
      message: 'expected a list of entries, or an object with an `ignore` list',
    });
  });
});

describe('changelogOf', () => {
  it.each([
    {
      name: 'both sides: named after the new side, suggested from the old version',
      sides: {
        old: doc([], { name: 'old', version: '1.2.0' }),
        new: doc([], { name: 'new', version: '1.2.0' }),
      },
      changes: [change('tool-added', 'info')],
      want: {
        name: 'new',
        oldVersion: '1.2.0',
        newVersion: '1.2.0',
        bump: 'minor',
        suggestedVersion: '1.3.0',
      },
    },
    {
      name: 'a removed file (no new side): named after the old side; the removal is breaking',
      sides: { old: doc([], { name: 'old', version: '1.2.0' }) },
      changes: [change('description-removed', 'breaking')],
      want: { name: 'old', oldVersion: '1.2.0', bump: 'major', suggestedVersion: '2.0.0' },
    },
    {
      name: 'an added file (no old side): the file-level addition is not a change of the server',
      sides: { new: doc([], { name: 'new', version: '0.1.0' }) },
      changes: [change('description-added', 'info')],
      want: { name: 'new', newVersion: '0.1.0', bump: 'none' },
    },
    {
      name: 'a new side without a name: the old side names the notes',
      sides: { old: doc([], { name: 'old', version: '1.0.0' }), new: doc([], { version: '1.0.1' }) },
      changes: [change('primitive-description-changed', 'info')],
      want: {
        name: 'old',
        oldVersion: '1.0.0',
        newVersion: '1.0.1',
        bump: 'patch',
        suggestedVersion: '1.0.1',
      },
    },
    {
      name: 'an id outside the registry is kept only when breaking',
      sides: { old: doc([]), new: doc([]) },
      changes: [change('no-such-rule', 'info'), change('no-such-rule-either', 'breaking')],
      want: { bump: 'major', suggestedVersion: '2.0.0' },
    },
  ])('$name', ({ sides, changes, want }) => {
    const log = changelogOf(sides, { changes });
    expect(log).toMatchObject(want);
    const listed = Object.values(log.sections).flat();
    expect(listed.every((c) => c.ruleId !== 'description-added' && c.ruleId !== 'no-such-rule')).toBe(true);
    if (!('name' in want)) expect(log.name).toBe('users');
    if (!('oldVersion' in want) && !sides.old) expect(log.oldVersion).toBeUndefined();
  });
});

describe('schemaSemanticsFor', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'app-semantics-'));
    mkdirSync(join(dir, 'repo/sub'), { recursive: true });
    // a config above the root: never used when the search stops at the root
    writeFileSync(join(dir, '.mcpdesc.yaml'), 'schemaSemantics: json-schema\n');
    writeFileSync(join(dir, 'named.yaml'), 'schemaSemantics: json-schema\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    {
      name: 'the flag wins',
      flag: 'api' as const,
      from: () => ({ config: join(dir, 'named.yaml') }),
      want: 'api',
    },
    {
      name: 'a named config file',
      flag: undefined,
      from: () => ({ config: join(dir, 'named.yaml') }),
      want: 'json-schema',
    },
    {
      name: 'found from a directory',
      flag: undefined,
      from: () => join(dir, 'repo/sub'),
      want: 'json-schema',
    },
    {
      name: 'found above the root: not used',
      flag: undefined,
      from: () => ({ cwd: join(dir, 'repo/sub'), root: join(dir, 'repo') }),
      want: 'api',
    },
    {
      name: 'found at the root: used',
      flag: undefined,
      from: () => ({ cwd: dir, root: dir }),
      want: 'json-schema',
    },
  ])('$name', async ({ flag, from, want }) => {
    expect(await schemaSemanticsFor(flag, from())).toBe(want);
  });
});

describe('validateLoaded', () => {
  it('validates a document in memory; quiet keeps the errors only', () => {
    const valid = validateLoaded(doc(['a']));
    expect(valid).toMatchObject({ file: 'x.mcpdesc.json', valid: true, complete: true });
    const broken = loadDocument('{"mcpdesc": "0.8.0", "info": {"name": "x"}}', { file: 'bad.json' });
    const all = validateLoaded(broken);
    expect(all.valid).toBe(false);
    expect(all.findings.some((f) => f.severity === 'error')).toBe(true);
    const quiet = validateLoaded(broken, { quiet: true });
    expect(quiet.findings).toEqual(all.findings.filter((f) => f.severity === 'error'));
    expect(quiet.findings[0]!.location.file).toBe('bad.json');
  });
});
