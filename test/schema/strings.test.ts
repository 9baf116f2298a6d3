import { type Row, table } from './support/table.js';

const s = (extra: Record<string, unknown>) => ({ type: 'string', ...extra });

table('string length', [
  ['equal', s({ minLength: 1 }), s({ minLength: 1 }), ''],
  ['minLength added', s({}), s({ minLength: 1 }), 'min-length-added:narrowed'],
  ['minLength 0 added is no change', s({}), s({ minLength: 0 }), ''],
  ['minLength removed', s({ minLength: 2 }), s({}), 'min-length-removed:widened'],
  ['minLength increased', s({ minLength: 1 }), s({ minLength: 2 }), 'min-length-increased:narrowed'],
  ['minLength decreased', s({ minLength: 2 }), s({ minLength: 1 }), 'min-length-decreased:widened'],
  ['maxLength added', s({}), s({ maxLength: 10 }), 'max-length-added:narrowed'],
  ['maxLength removed', s({ maxLength: 10 }), s({}), 'max-length-removed:widened'],
  ['maxLength increased', s({ maxLength: 10 }), s({ maxLength: 20 }), 'max-length-increased:widened'],
  ['maxLength decreased', s({ maxLength: 10 }), s({ maxLength: 5 }), 'max-length-decreased:narrowed'],
  [
    'both bounds moved apart',
    s({ minLength: 2, maxLength: 5 }),
    s({ minLength: 1, maxLength: 6 }),
    'min-length-decreased:widened max-length-increased:widened',
  ],
  [
    'invalid count is unknown',
    s({ maxLength: 'ten' }),
    s({ maxLength: 10 }),
    'unknown-keyword-changed:unknown',
  ],
] satisfies Row[]);

table('pattern', [
  ['equal', s({ pattern: '^a' }), s({ pattern: '^a' }), ''],
  ['added', s({}), s({ pattern: '^a' }), 'pattern-added:narrowed'],
  ['removed', s({ pattern: '^a' }), s({}), 'pattern-removed:widened'],
  ['changed unrelated is unknown', s({ pattern: '^a' }), s({ pattern: '^b' }), 'pattern-changed:unknown'],
  ['alternative added', s({ pattern: 'a|b' }), s({ pattern: 'a|b|c' }), 'pattern-changed:widened'],
  ['alternative removed', s({ pattern: 'a|b|c' }), s({ pattern: 'a|c' }), 'pattern-changed:narrowed'],
  ['alternatives reordered', s({ pattern: 'a|b' }), s({ pattern: 'b|a' }), ''],
  ['start anchor dropped', s({ pattern: '^abc' }), s({ pattern: 'abc' }), 'pattern-changed:widened'],
  ['end anchor dropped', s({ pattern: 'abc$' }), s({ pattern: 'abc' }), 'pattern-changed:widened'],
  ['both anchors dropped', s({ pattern: '^abc$' }), s({ pattern: 'abc' }), 'pattern-changed:widened'],
  ['anchor added', s({ pattern: 'abc' }), s({ pattern: '^abc$' }), 'pattern-changed:narrowed'],
  [
    'escaped dollar is not an anchor',
    s({ pattern: 'abc\\$' }),
    s({ pattern: 'abc\\' }),
    'pattern-changed:unknown',
  ],
  ['became match-all', s({ pattern: '^[a-z]+$' }), s({ pattern: '.*' }), 'pattern-changed:widened'],
  ['from match-all', s({ pattern: '' }), s({ pattern: '^[a-z]+$' }), 'pattern-changed:narrowed'],
  [
    '^.*$ is not match-all (no s flag)',
    s({ pattern: '^.*$' }),
    s({ pattern: '.*' }),
    'pattern-changed:widened',
  ],
  [
    'alternation inside a group is not split',
    s({ pattern: '^(a|b)$' }),
    s({ pattern: '^(a|b|c)$' }),
    'pattern-changed:unknown',
  ],
  [
    'backreferences block alternative reasoning',
    s({ pattern: '(a)\\1' }),
    s({ pattern: '(b)|(a)\\1' }),
    'pattern-changed:unknown',
  ],
  ['pattern ignored for non-strings', { type: 'integer', pattern: '^a' }, { type: 'integer' }, ''],
] satisfies Row[]);

table('format', [
  ['equal', s({ format: 'email' }), s({ format: 'email' }), ''],
  ['added', s({}), s({ format: 'email' }), 'format-added:narrowed'],
  ['removed', s({ format: 'uri' }), s({}), 'format-removed:widened'],
  [
    'uri to uri-reference widens',
    s({ format: 'uri' }),
    s({ format: 'uri-reference' }),
    'format-changed:widened',
  ],
  [
    'uri-reference to uri narrows',
    s({ format: 'uri-reference' }),
    s({ format: 'uri' }),
    'format-changed:narrowed',
  ],
  ['email to idn-email widens', s({ format: 'email' }), s({ format: 'idn-email' }), 'format-changed:widened'],
  [
    'hostname to idn-hostname widens',
    s({ format: 'hostname' }),
    s({ format: 'idn-hostname' }),
    'format-changed:widened',
  ],
  [
    'unrelated formats are unknown',
    s({ format: 'date' }),
    s({ format: 'date-time' }),
    'format-changed:unknown',
  ],
  [
    'custom format change is unknown',
    s({ format: 'x-slug' }),
    s({ format: 'x-handle' }),
    'format-changed:unknown',
  ],
  [
    'numeric formats are compared too',
    { type: 'integer', format: 'int32' },
    { type: 'integer', format: 'int64' },
    'format-changed:unknown',
  ],
] satisfies Row[]);
