import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/parse/index.js';
import { isRiskyPattern } from '../../src/util/regex-guard.js';
import { validateDocument } from '../../src/validate/index.js';
import { matchesTemplate, parseUriTemplate, templateVariables } from '../../src/validate/uri-template.js';

describe('shipped schema', () => {
  it('is the byte-exact published 0.8.0 schema', () => {
    const bytes = readFileSync(new URL('../../schemas/mcp-description-0.8.0.json', import.meta.url));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(
      '36686f92ba0cc98bde2c34eaad31c0304d6e5cebdd2c4d2be1be06aecef41119',
    );
  });
});

describe('locations', () => {
  it('points at the offending key, and at the component with the use site as related', () => {
    const text = [
      '{',
      '  "mcpdesc": "0.8.0",',
      '  "info": {"name": "x", "version": "1"},',
      '  "protocolVersions": ["2025-11-25"],',
      '  "components": {"resourceExamples": {"r": {"result": {',
      '    "resultType": "complete", "ttlMs": 1, "cacheScope": "private",',
      '    "contents": [{"uri": "data://r", "text": "x"}]}}}},',
      '  "resources": [{"uri": "data://r", "name": "r",',
      '    "examples": {"e": {"$componentRef": "#/components/resourceExamples/r"}}}],',
      '  "tools": [{"name": "t", "inputSchema": {"type": "object"}, "acme": 1}]',
      '}',
    ].join('\n');
    const result = validateDocument(loadDocument(text, { file: 'doc.json' }));
    // Structural errors come first and stop the run.
    expect(result.findings).toEqual([
      {
        code: 'unknown-property',
        severity: 'error',
        message: 'unknown property "acme" is not allowed on this object',
        location: { file: 'doc.json', pointer: '/tools/0/acme', line: 10, column: 62 },
      },
    ]);
    const fixed = validateDocument(loadDocument(text.replace(', "acme": 1', ''), { file: 'doc.json' }));
    const resultType = fixed.findings.find((f) => f.code === 'resource-example-result-version-mismatch');
    expect(resultType?.location).toEqual({
      file: 'doc.json',
      pointer: '/components/resourceExamples/r/result/resultType',
      line: 6,
      column: 5,
    });
    expect(resultType?.related?.[0]?.pointer).toBe('/resources/0/examples/e');
    expect(fixed.findings.map((f) => f.location.line)).toEqual(
      [...fixed.findings.map((f) => f.location.line)].sort((a, b) => a - b),
    );
  });

  it('accepts a plain value without a source map', () => {
    const result = validateDocument({ value: [], file: 'x' });
    expect(result.valid).toBe(false);
    expect(result.findings[0]?.location).toEqual({ file: 'x', pointer: '', line: 1, column: 1 });
  });
});

describe('forbidden properties (not: {required: [x]})', () => {
  const base =
    '{"mcpdesc": "0.8.0", "info": {"name": "x", "version": "1"}, "protocolVersions": ["2025-11-25"],';
  it.each([
    {
      form: 'a url elicitation with a requested schema',
      text: `${base}\n "tools": [{"name": "t", "inputSchema": {"type": "object"}, "elicitations": [{"name": "e", "mode": "url", "message": "m",\n "url": "https://example.com/x", "requestedSchema": {"type": "object", "properties": {}}}]}]}`,
      pointer: '/tools/0/elicitations/0/requestedSchema',
      message: 'property "requestedSchema" is not allowed in this form',
      line: 3,
      column: 34,
    },
    {
      form: 'a form elicitation with a url',
      text: `${base}\n "tools": [{"name": "t", "inputSchema": {"type": "object"}, "elicitations": [{"name": "e", "mode": "form", "message": "m",\n "requestedSchema": {"type": "object", "properties": {}},\n "url": "https://example.com/x"}]}]}`,
      pointer: '/tools/0/elicitations/0/url',
      message: 'property "url" is not allowed in this form',
      line: 4,
      column: 2,
    },
  ])('names the property and points at its key: $form', ({ text, pointer, message, line, column }) => {
    const result = validateDocument(loadDocument(text, { file: 'doc.json' }));
    const finding = result.findings.find((f) => f.location?.pointer === pointer);
    expect(finding?.message).toBe(message);
    expect(finding?.location?.line).toBe(line);
    expect(finding?.location?.column).toBe(column);
  });
});

describe('untrusted input', () => {
  it('skips a catastrophic pattern only V8 can run during example checks (incomplete, not silent)', () => {
    expect(isRiskyPattern('^(a+)+$')).toBe(true);
    expect(isRiskyPattern('(\\w)\\1')).toBe(true);
    expect(isRiskyPattern('^[a-z]+-[0-9]{2}(?:.[a-z])?$')).toBe(false);
    const doc = {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2026-07-28'],
      tools: [
        {
          name: 't',
          // The lookahead keeps it from the linear-time engine.
          inputSchema: { type: 'object', properties: { a: { type: 'string', pattern: '^(?=(a+)+$)' } } },
          examples: {
            e: { input: { a: `${'a'.repeat(40)}!` }, result: { resultType: 'complete', content: [] } },
          },
        },
      ],
    };
    const started = Date.now();
    const result = validateDocument({ value: doc, file: 'x' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result.valid).toBe(true);
    expect(result.complete).toBe(false);
    expect(result.findings.map((f) => f.code)).toEqual(['incomplete-tool-example-validation']);
  });

  it('answers catastrophic patterns RE2 can express, in linear time (`^(a+)+$`, `^(a|a)*$`)', () => {
    for (const pattern of ['^(a+)+$', '^(a|a)*$']) {
      const doc = {
        mcpdesc: '0.8.0',
        info: { name: 'x', version: '1' },
        protocolVersions: ['2026-07-28'],
        tools: [
          {
            name: 't',
            inputSchema: { type: 'object', properties: { a: { type: 'string', pattern } } },
            examples: {
              e: { input: { a: `${'a'.repeat(40)}!` }, result: { resultType: 'complete', content: [] } },
            },
          },
        ],
      };
      const result = validateDocument({ value: doc, file: 'x' });
      expect(result.complete).toBe(true);
      expect(result.findings.map((f) => f.code)).toEqual(['tool-example-schema-mismatch']);
    }
  });
});

describe('RFC 6570 templates', () => {
  it('parses variables and matches expansions', () => {
    const parts = parseUriTemplate('repo://{owner}/{repository}/issues{/issue}{?q,page}');
    expect([...templateVariables(parts)]).toEqual(['owner', 'repository', 'issue', 'q', 'page']);
    expect(matchesTemplate(parts, 'repo://a/b/issues/12?q=x&page=2')).toBe(true);
    expect(matchesTemplate(parts, 'repo://a/b/issues')).toBe(true);
    expect(matchesTemplate(parts, 'repo://a/b/pulls/1')).toBe(false);
    expect(() => parseUriTemplate('repo://{owner/{repository}')).toThrow();
    expect(() => parseUriTemplate('repo://{id')).toThrow();
    const many = parseUriTemplate('x://{a}{b}{c}{d}{e}{f}{g}{h}');
    expect(matchesTemplate(many, `x://${'a'.repeat(2000)}/`)).toBe(false);
  });
});

describe('same-name variants with overlapping scopes', () => {
  const V06 = '2025-06-18';
  const V25 = '2025-11-25';
  const V26 = '2026-07-28';
  const run = (protocolVersions: string[], tools: object[], capabilities?: object[]) =>
    validateDocument(
      loadDocument(
        JSON.stringify({
          mcpdesc: '0.8.0',
          info: { name: 'x', version: '1' },
          protocolVersions,
          ...(capabilities ? { capabilities } : {}),
          tools,
        }),
        { file: 'doc.json' },
      ),
    ).findings.filter((f) => f.code.endsWith('scope-overlap'));
  const t = (extra: object = {}) => ({ name: 't', inputSchema: { type: 'object' }, ...extra });

  it.each([
    {
      title: 'disjoint scopes: nothing',
      tools: [t({ protocolVersions: [V06] }), t({ protocolVersions: [V25] }), t({ protocolVersions: [V26] })],
      expected: [],
    },
    {
      title: 'each later variant names the earlier one per shared revision',
      tools: [t(), t({ protocolVersions: [V26] }), t({ protocolVersions: [V25] })],
      expected: [
        ['/tools/1/protocolVersions', 'tools[0]', V26],
        ['/tools/2/protocolVersions', 'tools[0]', V25],
      ],
    },
    {
      title: 'a variant overlapping two disjoint earlier ones is reported against each',
      tools: [t({ protocolVersions: [V06] }), t({ protocolVersions: [V25] }), t()],
      expected: [
        ['/tools/2/name', 'tools[0]', V06],
        ['/tools/2/name', 'tools[1]', V25],
      ],
    },
  ])('$title', ({ tools, expected }) => {
    const findings = run([V06, V25, V26], tools);
    expect(
      findings.map((f) => [
        f.location.pointer,
        /overlaps (tools\[\d+\])/.exec(f.message)?.[1],
        /for ([\d-]+)/.exec(f.message)?.[1],
      ]),
    ).toEqual(expected);
  });

  it('20,000 variants of one tool: one finding per later variant, not one per pair', () => {
    const findings = run(
      [V25],
      Array.from({ length: 20_000 }, (_, i) => t({ description: `d${i}` })),
    );
    expect(findings).toHaveLength(19_999);
    expect(findings.every((f) => f.message.includes('overlaps tools[0]'))).toBe(true);
  });

  it('capabilities are checked the same way', () => {
    const findings = run([V25], [t()], [{ tools: {} }, { prompts: {} }, { tools: {} }]);
    expect(findings.map((f) => f.message)).toEqual([
      'capabilities[1] and capabilities[0] both apply to 2025-11-25; at most one Capabilities Object may apply to a revision',
      'capabilities[2] and capabilities[0] both apply to 2025-11-25; at most one Capabilities Object may apply to a revision',
    ]);
  });
});
