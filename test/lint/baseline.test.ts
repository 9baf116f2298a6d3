import { describe, expect, it } from 'vitest';
import { baselineKey, splitByBaseline, stablePointer } from '../../src/lint/baseline.js';
import type { Finding } from '../../src/model/finding.js';
import type { JsonValue } from '../../src/util/json.js';

function finding(code: string, pointer: string, line = 1, message = `${code} at ${pointer}`): Finding {
  return { code, severity: 'warning', message, location: { file: 'a.yaml', pointer, line, column: 1 } };
}

const BASE: JsonValue = {
  tools: [{ name: 'search', inputSchema: { properties: { q: {} } } }, { name: 'fetch' }],
  prompts: [{ name: 'summarise', arguments: [{ name: 'text' }] }],
};
// a tool inserted first: every index of the others moves
const HEAD: JsonValue = {
  tools: [{ name: 'create' }, { name: 'search', inputSchema: { properties: { q: {} } } }, { name: 'fetch' }],
  prompts: [{ name: 'summarise', arguments: [{ name: 'lang' }, { name: 'text' }] }],
};

describe('stablePointer', () => {
  it.each([
    [
      '/tools/0/inputSchema/properties/q',
      BASE,
      'tool:search',
      '/tools/[name=search]/inputSchema/properties/q',
    ],
    [
      '/tools/1/inputSchema/properties/q',
      HEAD,
      'tool:search',
      '/tools/[name=search]/inputSchema/properties/q',
    ],
    ['/prompts/0/arguments/1', HEAD, 'prompt:summarise', '/prompts/[name=summarise]/arguments/[name=text]'],
    ['/info/name', BASE, '', '/info/name'],
    ['', BASE, '', ''],
    // outside the document or not a pointer: kept as written
    ['/tools/9/description', BASE, '', '/tools/9/description'],
    ['tools/0', BASE, '', 'tools/0'],
    ['/tools/0', undefined, '', '/tools/0'],
  ])('%s', (pointer, document, subject, stable) => {
    expect(stablePointer(document, pointer)).toEqual({ subject, pointer: stable });
  });
});

describe('splitByBaseline', () => {
  it('keeps a finding old when its tool moved and its line changed', () => {
    const base = [finding('tool-description', '/tools/1', 10)];
    const head = [finding('tool-description', '/tools/2', 40)];
    const split = splitByBaseline({ findings: head, document: HEAD }, { findings: base, document: BASE });
    expect(split).toEqual({ fresh: [], known: head });
  });

  it('reports a finding on another tool, another rule or another pointer as new', () => {
    const base = [finding('tool-description', '/tools/1')];
    const head = [
      finding('tool-description', '/tools/0'), // create: another tool
      finding('tool-title', '/tools/2'), // fetch: another rule
      finding('tool-description', '/tools/2/description'), // fetch: another pointer
      finding('tool-description', '/tools/2', 7, 'reworded'), // fetch: same identity, new message
    ];
    const split = splitByBaseline({ findings: head, document: HEAD }, { findings: base, document: BASE });
    expect(split.known).toEqual([head[3]]);
    expect(split.fresh).toEqual(head.slice(0, 3));
  });

  it('matches as a multiset: two old findings cover two new ones, not three', () => {
    const one = finding('x', '/info');
    const split = splitByBaseline(
      { findings: [one, { ...one }, { ...one }], document: HEAD },
      { findings: [one, one], document: BASE },
    );
    expect(split.known).toHaveLength(2);
    expect(split.fresh).toHaveLength(1);
  });

  it('treats everything as new against an empty baseline', () => {
    const head = [finding('x', '/tools/0')];
    expect(
      splitByBaseline({ findings: head, document: HEAD }, { findings: [], document: undefined }),
    ).toEqual({
      fresh: head,
      known: [],
    });
  });

  it('keys on rule, subject and pointer only', () => {
    expect(baselineKey(finding('r', '/tools/0/description', 3, 'm'), BASE)).toBe(
      'r\0tool:search\0/tools/[name=search]/description',
    );
  });
});
