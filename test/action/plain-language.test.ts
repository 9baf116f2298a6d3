import { describe, expect, it } from 'vitest';
import { groupChanges } from '../../src/action/change-groups.js';
import { plainLanguage } from '../../src/action/plain-language.js';
import { wordDiffText } from '../../src/action/word-diff.js';
import type { Change } from '../../src/diff/types.js';

function change(
  ruleId: string,
  level: Change['level'],
  message: string,
  details?: Change['details'],
  key = 'search',
): Change {
  return {
    ruleId,
    level,
    message,
    subject: { kind: 'tool', key },
    revisions: ['2025-11-25'],
    fingerprint: `${ruleId}-${key}`,
    ...(details ? { details } : {}),
  };
}

describe('plainLanguage', () => {
  it.each([
    [
      change(
        'input-schema-narrowed',
        'breaking',
        'inputSchema at /properties/commentId/minimum: lower bound none → minimum 1',
        {
          pointerNew: '/properties/commentId/minimum',
        },
      ),
      'Accepts less input: calls that worked can now be rejected (`commentId`): lower bound none → minimum 1.',
      'relax the constraint again, or release it as a new major version',
    ],
    [
      change(
        'input-schema-property-added',
        'breaking',
        'inputSchema at /properties/fields: property "fields" added to an open object (type-constraint-added, items-added)',
        {
          pointerNew: '/properties/fields',
        },
      ),
      'New parameter constrains a value callers could already send to the open input object (`fields`).',
      'close the input object with `additionalProperties: false` (then new parameters are additions), or read schemas with `schema-semantics: api`',
    ],
    [
      change(
        'input-schema-property-added',
        'info',
        'inputSchema at /properties/limit: property "limit" added to an open object',
        {
          pointerNew: '/properties/limit',
        },
      ),
      'New optional parameter (`limit`).',
      undefined,
    ],
    [
      change(
        'input-schema-widened',
        'info',
        'inputSchema at /required: property "body" is no longer required',
        {
          pointerNew: '/required',
        },
      ),
      'Accepts more input; existing calls keep working: property `body` is no longer required.',
      undefined,
    ],
    [
      change(
        'output-schema-property-removed',
        'breaking',
        'outputSchema at /properties/items/items/properties/id: removed',
        {
          pointerOld: '/properties/items/items/properties/id',
        },
      ),
      'Output field removed: consumers reading it break (`items[].id`): removed.',
      'keep returning the field, or release it as a new major version',
    ],
    [
      change('tool-removed', 'breaking', 'tool `search` removed'),
      'Tool removed: every call to it fails.',
      'keep the tool (deprecate it first), or release it as a new major version',
    ],
    [change('tool-added', 'info', 'tool `search` added'), 'New tool: callers can use it.', undefined],
    [
      change('info-version-changed', 'info', 'info.version `1` → `2`', { old: '1.0.0', new: '2.0.0' }),
      'Version `1.0.0` → `2.0.0`.',
      undefined,
    ],
    // no entry: the engine's message, JSON quotes decoded; a breaking one gets the generic fix
    [
      change('transport-url-changed', 'breaking', 'url "https://a" → "https://b"'),
      'Url `https://a` → `https://b`.',
      'keep the old behaviour, or release it as a new major version',
    ],
    [change('some-future-rule', 'info', 'something changed'), 'Something changed.', undefined],
  ])('%#: $0.ruleId', (input, what, fix) => {
    const plain = plainLanguage(input);
    expect(plain.what).toBe(what);
    expect(plain.fix).toBe(fix);
  });

  it('shows edited prose as a word diff, the schema description edits too', () => {
    const description = change(
      'primitive-description-changed',
      'info',
      'tool description (model-visible text) changed',
      {
        old: 'Searches issues.',
        new: 'Searches issues and pull requests.',
      },
    );
    expect(wordDiffText(plainLanguage(description).diff!)).toBe('Searches issues {+and pull requests+}.');
    const parameter = change(
      'input-schema-annotation-changed',
      'info',
      'inputSchema at /properties/q/description: description "a" → "b"',
      {
        schemaKind: 'description-changed',
        pointerNew: '/properties/q/description',
        old: 'The query',
        new: 'The search query',
      },
    );
    const plain = plainLanguage(parameter);
    expect(plain.what).toBe('Parameter documentation edited (the model reads it) (`q`).');
    expect(wordDiffText(plain.diff!)).toBe('The {+search +}query');
  });
});

describe('groupChanges', () => {
  it('makes one group of one change on several tools, most severe first, apart per scope', () => {
    const added = (key: string) =>
      change(
        'input-schema-property-added',
        'info',
        'inputSchema at /properties/limit: property "limit" added',
        { pointerNew: '/properties/limit' },
        key,
      );
    const entries = [
      ...['a', 'b', 'c', 'd', 'e'].map((key) => ({ change: added(key), file: 'x' })),
      { change: change('tool-removed', 'breaking', 'tool `z` removed', undefined, 'z'), file: 'x' },
      { change: added('f'), file: 'y' },
    ];
    const groups = groupChanges(entries, (entry) => entry.file);
    expect(groups.map((g) => [g.level, g.members.map((m) => m.change.subject.key)])).toEqual([
      ['breaking', ['z']],
      ['info', ['a', 'b', 'c', 'd', 'e']],
      ['info', ['f']],
    ]);
  });

  it('keeps different edits apart', () => {
    const edit = (key: string, text: string) => ({
      change: change('primitive-description-changed', 'info', 'changed', { old: 'x', new: text }, key),
    });
    expect(
      groupChanges([edit('a', 'y'), edit('b', 'y'), edit('c', 'z')]).map((g) => g.members.length),
    ).toEqual([2, 1]);
  });
});
