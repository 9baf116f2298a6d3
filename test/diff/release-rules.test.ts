import { describe, expect, it } from 'vitest';
import type { SchemaSemantics } from '../../src/schema/index.js';
import type { JsonValue } from '../../src/util/json.js';
import { diff } from './helpers.js';

/**
 * Rules a release review leans on, table-driven under both schema semantics (they must agree
 * wherever no object property is involved): rule id, level, message and position.
 */
interface Row {
  name: string;
  old: Record<string, unknown>;
  new: Record<string, unknown>;
  rule: string;
  level: 'breaking' | 'warning' | 'info';
  message: string;
  /** Pointer of the change in the new document. */
  after: string;
}

const stdio = (args: string[]) => ({ transports: [{ type: 'stdio', command: 'npx', args }] });

const ROWS: Row[] = [
  {
    name: 'x-mcp-header: a change of letter case only is no change',
    old: header({ type: 'string', 'x-mcp-header': 'X-Region' }),
    new: header({ type: 'string', 'x-mcp-header': 'x-region', description: 'Region' }),
    rule: 'input-schema-annotation-changed',
    level: 'info',
    message: 'inputSchema at /properties/region/description: description absent → "Region"',
    after: '/tools/0/inputSchema/properties/region/description',
  },
  {
    name: 'stdio: the launched package moves its npm pin',
    old: stdio(['@sentry/mcp-server@0.26.0']),
    new: stdio(['@sentry/mcp-server@0.29.0']),
    rule: 'transport-stdio-args-version-changed',
    level: 'info',
    message: 'stdio args `@sentry/mcp-server@0.26.0` → `@sentry/mcp-server@0.29.0`',
    after: '/transports/0/args',
  },
  {
    name: 'stdio: the pin moves behind launcher flags',
    old: stdio(['-y', 'acme-mcp@1.2.3', '--read-only']),
    new: stdio(['-y', 'acme-mcp@1.3.0-rc.1', '--read-only']),
    rule: 'transport-stdio-args-version-changed',
    level: 'info',
    message: 'stdio args `-y acme-mcp@1.2.3 --read-only` → `-y acme-mcp@1.3.0-rc.1 --read-only`',
    after: '/transports/0/args',
  },
  {
    name: 'stdio: a PyPI pin (uvx pkg==version)',
    old: stdio(['mcp-server-acme==0.4.0']),
    new: stdio(['mcp-server-acme==0.5.1']),
    rule: 'transport-stdio-args-version-changed',
    level: 'info',
    message: 'stdio args `mcp-server-acme==0.4.0` → `mcp-server-acme==0.5.1`',
    after: '/transports/0/args',
  },
  {
    name: 'stdio: the package itself changes',
    old: stdio(['acme-mcp@1.2.3']),
    new: stdio(['acme-mcp-next@1.2.3']),
    rule: 'transport-stdio-args-changed',
    level: 'breaking',
    message: 'stdio args `acme-mcp@1.2.3` → `acme-mcp-next@1.2.3`',
    after: '/transports/0/args',
  },
  {
    name: 'stdio: the pin moves and a flag is added',
    old: stdio(['acme-mcp@1.2.3']),
    new: stdio(['acme-mcp@1.3.0', '--read-only']),
    rule: 'transport-stdio-args-changed',
    level: 'breaking',
    message: 'stdio args `acme-mcp@1.2.3` → `acme-mcp@1.3.0 --read-only`',
    after: '/transports/0/args',
  },
  {
    name: 'stdio: a pin in an option value is not the launched package',
    old: stdio(['acme-mcp', '--plugin', 'x@1.0.0']),
    new: stdio(['acme-mcp', '--plugin', 'x@2.0.0']),
    rule: 'transport-stdio-args-changed',
    level: 'breaking',
    message: 'stdio args `acme-mcp --plugin x@1.0.0` → `acme-mcp --plugin x@2.0.0`',
    after: '/transports/0/args',
  },
  {
    name: 'stdio: a dist-tag is not a version pin',
    old: stdio(['acme-mcp@latest']),
    new: stdio(['acme-mcp@next']),
    rule: 'transport-stdio-args-changed',
    level: 'breaking',
    message: 'stdio args `acme-mcp@latest` → `acme-mcp@next`',
    after: '/transports/0/args',
  },
  {
    name: 'absent is not null: a minLength set where there was none',
    old: tool({ body: { type: 'string' } }),
    new: tool({ body: { type: 'string', minLength: 1 } }),
    rule: 'input-schema-narrowed',
    level: 'breaking',
    message: 'inputSchema at /properties/body/minLength: minLength absent → 1',
    after: '/tools/0/inputSchema/properties/body/minLength',
  },
  {
    name: 'absent is not null: a default added',
    old: tool({ private: { type: 'boolean' } }),
    new: tool({ private: { type: 'boolean', default: true } }),
    rule: 'input-schema-default-changed',
    level: 'warning',
    message: 'inputSchema at /properties/private/default: default absent → true',
    after: '/tools/0/inputSchema/properties/private/default',
  },
  {
    name: 'absent is not null: a default of null removed',
    old: tool({ after: { type: ['string', 'null'], default: null } }),
    new: tool({ after: { type: ['string', 'null'] } }),
    rule: 'input-schema-default-changed',
    level: 'warning',
    message: 'inputSchema at /properties/after: default null → absent',
    after: '/tools/0/inputSchema/properties/after',
  },
  {
    name: 'absent is not null: a transport url added',
    old: { transports: [{ type: 'streamable-http' }] },
    new: { transports: [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp' }] },
    rule: 'transport-url-changed',
    level: 'breaking',
    message: 'transport url absent → `https://mcp.example.com/mcp`',
    after: '/transports/0/url',
  },
  {
    name: 'x-mcp-header renamed: clients send the old header name',
    old: header({ type: 'string', 'x-mcp-header': 'X-Region' }),
    new: header({ type: 'string', 'x-mcp-header': 'X-Zone' }),
    rule: 'input-schema-header-changed',
    level: 'breaking',
    message: 'inputSchema at /properties/region/x-mcp-header: x-mcp-header "X-Region" → "X-Zone"',
    after: '/tools/0/inputSchema/properties/region/x-mcp-header',
  },
  {
    name: 'x-mcp-header added: older clients do not send the header',
    old: header({ type: 'string' }),
    new: header({ type: 'string', 'x-mcp-header': 'X-Region' }),
    rule: 'input-schema-header-changed',
    level: 'warning',
    message: 'inputSchema at /properties/region/x-mcp-header: x-mcp-header absent → "X-Region"',
    after: '/tools/0/inputSchema/properties/region/x-mcp-header',
  },
  {
    name: 'x-mcp-header removed',
    old: header({ type: 'string', 'x-mcp-header': 'X-Region' }),
    new: header({ type: 'string' }),
    rule: 'input-schema-header-changed',
    level: 'warning',
    message: 'inputSchema at /properties/region: x-mcp-header "X-Region" → absent',
    after: '/tools/0/inputSchema/properties/region',
  },
];

function header(region: Record<string, unknown>): Record<string, unknown> {
  return {
    protocolVersions: ['2026-07-28'],
    tools: [{ name: 'a', inputSchema: { type: 'object', properties: { region } } }],
  };
}

function tool(properties: Record<string, unknown>): Record<string, unknown> {
  return { tools: [{ name: 'a', inputSchema: { type: 'object', properties } }] };
}

function doc(extra: Record<string, unknown>): Record<string, unknown> {
  return {
    mcpdesc: '0.8.0',
    info: { name: 'acme', version: '1.0.0' },
    protocolVersions: ['2025-11-25'],
    tools: [{ name: 'a', inputSchema: { type: 'object' } }],
    ...extra,
  };
}

describe('release rules under both schema semantics', () => {
  for (const semantics of ['api', 'json-schema'] as SchemaSemantics[]) {
    describe(semantics, () => {
      it.each(ROWS.map((row) => [row.name, row] as const))('%s', (_name, row) => {
        const result = diff(doc(row.old) as JsonValue, doc(row.new) as JsonValue, {
          schemaSemantics: semantics,
        });
        expect(result.changes.map((c) => c.ruleId)).toEqual([row.rule]);
        const [change] = result.changes;
        expect(change?.level).toBe(row.level);
        expect(change?.message).toBe(row.message);
        expect(change?.after?.pointer).toBe(row.after);
        // a header is wire contract, not text a model reads
        if (row.rule === 'input-schema-header-changed') expect(change?.details?.modelVisible).toBeUndefined();
      });
    });
  }
});

describe('examples are checked in the direction that matters', () => {
  const tool = (outputSchema: unknown, structured: unknown, input: unknown = {}) => ({
    tools: [
      {
        name: 'a',
        inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
        outputSchema,
        examples: {
          basic: { input, result: { content: [{ type: 'text', text: 'r' }], structuredContent: structured } },
        },
      },
    ],
  });
  const closedOut = (props: Record<string, unknown>) => ({
    type: 'object',
    properties: props,
    additionalProperties: false,
  });
  type ExampleRow = [
    name: string,
    old: Record<string, unknown>,
    new: Record<string, unknown>,
    expected: Record<SchemaSemantics, string | undefined>,
  ];
  const ROWS_EX: ExampleRow[] = [
    [
      'a new result the old schema rejects (type changed): warning at the new example',
      tool({ type: 'object', properties: { n: { type: 'string' } } }, { n: 'a' }),
      tool({ type: 'object', properties: { n: { type: 'integer' } } }, { n: 1 }),
      {
        api: 'warning|new example `basic` result does not match the old outputSchema (consumers built on it may reject it): /n must be string|/tools/0/examples/basic/result/structuredContent',
        'json-schema':
          'warning|new example `basic` result does not match the old outputSchema (consumers built on it may reject it): /n must be string|/tools/0/examples/basic/result/structuredContent',
      },
    ],
    [
      'an old result a narrower new schema rejects: no consumer problem, no warning',
      tool({ type: 'object', properties: { n: { type: ['string', 'null'] } } }, { n: null }),
      tool({ type: 'object', properties: { n: { type: 'string' } } }, { n: null }),
      { api: undefined, 'json-schema': undefined },
    ],
    [
      'a new result with a property a closed old schema did not declare: api info, json-schema warning',
      tool(closedOut({ n: { type: 'string' } }), { n: 'a' }),
      tool(closedOut({ n: { type: 'string' }, m: { type: 'integer' } }), { n: 'a', m: 1 }),
      {
        api: undefined,
        'json-schema':
          'warning|new example `basic` result does not match the old outputSchema (consumers built on it may reject it): / must NOT have additional properties|/tools/0/examples/basic/result/structuredContent',
      },
    ],
    [
      'an old call the new inputSchema rejects: breaking at the old example',
      tool(undefined, undefined, { q: 'x' }),
      {
        tools: [
          {
            name: 'a',
            inputSchema: { type: 'object', properties: { q: { type: 'integer' } } },
            examples: { basic: { input: { q: 'x' }, result: { content: [{ type: 'text', text: 'r' }] } } },
          },
        ],
      },
      {
        api: 'breaking|old example `basic` is rejected by the new inputSchema: /q must be integer|/tools/0/inputSchema',
        'json-schema':
          'breaking|old example `basic` is rejected by the new inputSchema: /q must be integer|/tools/0/inputSchema',
      },
    ],
  ];
  for (const semantics of ['api', 'json-schema'] as SchemaSemantics[]) {
    it.each(ROWS_EX.map((row) => [`${semantics}: ${row[0]}`, row] as const))(
      '%s',
      (_name, [, before, after, expected]) => {
        const result = diff(doc(before) as JsonValue, doc(after) as JsonValue, {
          schemaSemantics: semantics,
        });
        const found = result.changes.find((c) => c.ruleId.endsWith('-no-longer-valid'));
        const got = found ? `${found.level}|${found.message}|${found.after?.pointer}` : undefined;
        expect(got).toBe(expected[semantics]);
      },
    );
  }
});

describe('security scheme names are document-local (spec §7.1)', () => {
  const bearer = { type: 'http', scheme: 'bearer' };
  const key = { type: 'apiKey', name: 'X-Key', in: 'header' };
  const secured = (schemes: Record<string, unknown>, requirement: Record<string, string[]>[]) => ({
    securitySchemes: schemes,
    security: requirement,
    tools: [
      { name: 'a', inputSchema: { type: 'object' } },
      { name: 'b', inputSchema: { type: 'object' }, security: requirement },
    ],
  });
  type SecurityRow = [
    name: string,
    old: Record<string, unknown>,
    new: Record<string, unknown>,
    expected: string[],
  ];
  const ROWS_SEC: SecurityRow[] = [
    [
      'a rename with every reference updated is no change',
      secured({ token: bearer }, [{ token: [] }]),
      secured({ bearer: bearer }, [{ bearer: [] }]),
      [],
    ],
    [
      'a definition changed behind a kept name is compared by content',
      secured({ token: bearer }, [{ token: [] }]),
      secured({ token: key }, [{ token: [] }]),
      ['breaking security-scheme-type-changed token: security scheme `token` type `http` → `apiKey`'],
    ],
    [
      'a rename to another definition is a removal and an addition',
      secured({ token: bearer }, [{ token: [] }]),
      secured({ key }, [{ key: [] }]),
      [
        'breaking security-requirement-narrowed root: effective security: token → key',
        'breaking security-requirement-narrowed b: effective security: token → key',
        'info security-scheme-added key: security scheme `key` (apiKey) added',
        'warning security-scheme-removed token: security scheme `token` (http) removed',
      ],
    ],
    [
      'two identical schemes renamed at once are not guessed',
      secured({ t1: bearer, t2: bearer }, [{ t1: [] }]),
      secured({ u1: bearer, u2: bearer }, [{ u1: [] }]),
      [
        'breaking security-requirement-narrowed root: effective security: t1 → u1',
        'breaking security-requirement-narrowed b: effective security: t1 → u1',
        'info security-scheme-added u1: security scheme `u1` (http) added',
        'info security-scheme-added u2: security scheme `u2` (http) added',
        'warning security-scheme-removed t1: security scheme `t1` (http) removed',
        'warning security-scheme-removed t2: security scheme `t2` (http) removed',
      ],
    ],
  ];
  for (const semantics of ['api', 'json-schema'] as SchemaSemantics[]) {
    it.each(ROWS_SEC.map((row) => [`${semantics}: ${row[0]}`, row] as const))(
      '%s',
      (_name, [, before, after, expected]) => {
        const result = diff(doc(before) as JsonValue, doc(after) as JsonValue, {
          schemaSemantics: semantics,
        });
        expect(
          result.changes.map((c) => `${c.level} ${c.ruleId} ${c.subject.key}: ${c.message}`).sort(),
        ).toEqual([...expected].sort());
      },
    );
  }
});
