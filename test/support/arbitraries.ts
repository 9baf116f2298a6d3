import fc from 'fast-check';
import { PROTOCOL_VERSIONS } from '../../src/model/versions.js';
import type { JsonObject, JsonValue } from '../../src/util/json.js';

/** Arbitrary JSON values that include awkward keys and strings (YAML look-alikes, prototype names). */
const awkwardString = fc.constantFrom(
  'yes',
  'No',
  '~',
  'null',
  '1.0',
  '.inf',
  '2026-01-01',
  '<<',
  '- x',
  'a: b',
  '#c',
  '',
  ' lead',
  'multi\nline',
  '__proto__',
  'x"y\'z',
  'ünïcødé',
  '\u200b',
);
export const jsonString = fc.oneof(fc.string(), awkwardString);
const jsonKey = fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), awkwardString);

export const jsonValue: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    jsonString,
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(jsonKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

const versionSubset = fc.subarray([...PROTOCOL_VERSIONS], { minLength: 1 });

const inputSchema = fc.record({
  type: fc.constant('object'),
  properties: fc.dictionary(
    fc.constantFrom('city', 'days', 'units', 'q'),
    fc.record({ type: fc.constantFrom('string', 'integer', 'boolean') }),
    { maxKeys: 3 },
  ),
  additionalProperties: fc.boolean(),
});

const security: fc.Arbitrary<JsonValue[]> = fc.oneof(
  fc.constant<JsonValue[]>([]),
  fc.constant<JsonValue[]>([{}]),
  fc.array(
    fc.dictionary(fc.constantFrom('oauth', 'key'), fc.subarray(['read', 'write', 'admin']), {
      minKeys: 1,
      maxKeys: 2,
    }),
    { minLength: 1, maxLength: 3 },
  ),
);

/**
 * Generated mcpdesc 0.8.0 documents: random root revisions, tools split into disjoint scoped
 * variants, nested elicitations with their own scopes, transports, security forms, tags, `x-*`.
 */
export const description: fc.Arbitrary<JsonObject> = versionSubset.chain((root) => {
  const elicitation = fc.record(
    {
      name: fc.constantFrom('confirm', 'login', 'pick'),
      mode: fc.constant('form'),
      message: fc.string({ minLength: 1, maxLength: 10 }),
      requestedSchema: fc.constant({ type: 'object', properties: { ok: { type: 'boolean' } } }),
    },
    { requiredKeys: ['name', 'mode', 'message', 'requestedSchema'] },
  );
  const tool = fc.record(
    {
      name: fc.constantFrom('get_forecast', 'set_alarm', 'list_cities', 'delete_city'),
      description: fc.string({ maxLength: 20 }),
      inputSchema,
      security,
      tags: fc.subarray(['weather', 'beta'], { minLength: 1 }),
      elicitations: fc.uniqueArray(elicitation, { selector: (e) => e.name, minLength: 1, maxLength: 2 }),
      'x-owner': jsonValue,
    },
    { requiredKeys: ['name', 'inputSchema'] },
  );
  // Same-name variants get disjoint scopes: split the root set among them.
  const tools = fc.uniqueArray(tool, { selector: (t) => t.name, maxLength: 4 }).chain((unique) =>
    fc.tuple(...unique.map(() => fc.boolean()), fc.constant(null)).map((splits) =>
      unique.flatMap((t, i) => {
        if (!splits[i] || root.length < 2) return [t as JsonObject];
        const half = Math.ceil(root.length / 2);
        return [
          { ...t, protocolVersions: root.slice(0, half) } as JsonObject,
          {
            ...t,
            description: `${t.description ?? ''} (new)`,
            protocolVersions: root.slice(half),
          } as JsonObject,
        ];
      }),
    ),
  );
  const transport = fc.oneof(
    fc.record({
      type: fc.constant('stdio'),
      command: fc.constantFrom('srv', 'node'),
      args: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
    }),
    fc.record({ type: fc.constant('sse'), url: fc.constant('https://example.com/sse') }),
  );
  return fc
    .record(
      {
        info: fc.record(
          {
            name: fc.constant('weather'),
            version: fc.constantFrom('1.0.0', '2.1.0'),
            description: jsonString,
          },
          { requiredKeys: ['name', 'version'] },
        ),
        instructions: jsonString,
        transports: fc.array(transport, { minLength: 1, maxLength: 2 }),
        security,
        tools,
        tags: fc.constant<JsonValue[]>([{ name: 'weather' }, { name: 'beta', description: 'Unstable' }]),
        'x-vendor': jsonValue,
      },
      { requiredKeys: ['info', 'tools'] },
    )
    .map(({ tools: toolList, ...rest }) => {
      const doc: JsonObject = { mcpdesc: '0.8.0', ...rest, protocolVersions: [...root] };
      if (toolList.length > 0) doc.tools = toolList;
      return doc;
    });
});
