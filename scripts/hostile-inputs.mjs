// Hand-made hostile inputs, one generator per class of attack on a runner that reads descriptions
// from pull requests: exponential regular expressions, `$ref` bombs, `$componentRef` alias chains,
// deep YAML nesting, and names that mean something to JavaScript objects. Each builds a small
// document (a few KB at most; alias chains scale with their length) as text. The fuzzer
// (scripts/fuzz.mjs) and the end-to-end tests share them.

const head = (extra = {}) => ({
  mcpdesc: '0.8.0',
  info: { name: 'hostile', version: '1.0.0' },
  protocolVersions: ['2025-11-25'],
  ...extra,
});

const RESULT = { content: [{ type: 'text', text: 'ok' }] };

const tool = (name, inputSchema, examples) => ({
  name,
  description: 'A tool.',
  inputSchema,
  ...(examples ? { examples } : {}),
});

/** `^(a|a)*$`: each extra `a` before the final `!` doubles a backtracking engine's work. */
export const EXPONENTIAL_PATTERN = '^(a|a)*$';
export const EXPONENTIAL_SUBJECT = `${'a'.repeat(40)}!`;

/**
 * A `pattern` that backtracks exponentially, with an example that makes it do so. `variant`
 * changes the description text, so that two variants diff and merge as different documents.
 */
export function exponentialPatternDocument(variant = 0) {
  const schema = {
    type: 'object',
    properties: { q: { type: 'string', pattern: EXPONENTIAL_PATTERN } },
    patternProperties: { [EXPONENTIAL_PATTERN]: { type: 'string' } },
    propertyNames: { pattern: EXPONENTIAL_PATTERN },
  };
  return JSON.stringify(
    head({
      tools: [
        tool(`search${variant ? `_${variant}` : ''}`, schema, {
          slow: { input: { q: EXPONENTIAL_SUBJECT }, result: RESULT },
        }),
      ],
    }),
  );
}

/** Two plain schemas whose comparison matches a long property name against `^(a|a)*$`. */
export function exponentialPatternSchemas() {
  return [
    JSON.stringify({ type: 'object', properties: { [EXPONENTIAL_SUBJECT]: { type: 'string' } } }),
    JSON.stringify({
      type: 'object',
      properties: {},
      patternProperties: { [EXPONENTIAL_PATTERN]: { type: 'number' } },
      additionalProperties: false,
    }),
  ];
}

/** `$defs` L0…Ln, each `anyOf` of two references to the level below: 2^n paths in n small definitions. */
export function refBombSchema(levels = 34, leaf = { type: 'string' }) {
  const defs = { L0: leaf };
  for (let i = 1; i <= levels; i++)
    defs[`L${i}`] = { anyOf: [{ $ref: `#/$defs/L${i - 1}` }, { $ref: `#/$defs/L${i - 1}` }] };
  return {
    type: 'object',
    properties: { v: { $ref: `#/$defs/L${levels}` } },
    $defs: defs,
  };
}

/** `$defs` L0…Ln, each an object of `width` properties all referring to the level below. */
export function fanOutSchema(levels = 12, width = 8, leafType = 'string') {
  const defs = { L0: { type: leafType } };
  for (let i = 1; i <= levels; i++) {
    const properties = {};
    for (let p = 0; p < width; p++) properties[`p${p}`] = { $ref: `#/$defs/L${i - 1}` };
    defs[`L${i}`] = { type: 'object', properties };
  }
  return { type: 'object', properties: { v: { $ref: `#/$defs/L${levels}` } }, $defs: defs };
}

/** A description whose tool input is a `$ref` bomb with an example to validate against it. */
export function refBombDocument(levels = 34, variant = 0) {
  const schema = refBombSchema(levels, { type: variant ? 'number' : 'string' });
  const fan = fanOutSchema(12, 8, variant ? 'number' : 'string');
  return JSON.stringify(
    head({
      tools: [tool('bomb', schema, { one: { input: { v: 'x' }, result: RESULT } }), tool('fan', fan)],
    }),
  );
}

/** Two plain schemas (old, new) built as `$ref` bombs with different leaves. */
export function refBombSchemas(levels = 34) {
  return [
    JSON.stringify({
      ...refBombSchema(levels, { type: 'string' }),
      properties: { v: { $ref: `#/$defs/L${levels}` }, w: fanOutSchema(12, 8, 'string') },
    }),
    JSON.stringify({
      ...refBombSchema(levels, { type: 'number' }),
      properties: { v: { $ref: `#/$defs/L${levels}` }, w: fanOutSchema(12, 8, 'number') },
    }),
  ];
}

/** A chain of `links` schema components, each a `$componentRef` to the next; a tool uses the first. */
export function aliasChainDocument(links = 10_000, variant = 0) {
  const schemas = {};
  for (let i = 0; i < links; i++) schemas[`s${i}`] = { $componentRef: `#/components/schemas/s${i + 1}` };
  schemas[`s${links}`] = { type: 'object', properties: { q: { type: variant ? 'number' : 'string' } } };
  return JSON.stringify(
    head({
      components: { schemas },
      tools: [tool('aliased', { $componentRef: '#/components/schemas/s0' })],
    }),
  );
}

/** A block sequence `depth` levels deep, in YAML (`- - - … x`): each level is two bytes. */
export function deepYamlDocument(depth = 1_000) {
  return `mcpdesc: 0.8.0\ninfo: {name: deep, version: 1.0.0}\nprotocolVersions: ["2025-11-25"]\nx-deep:\n  ${'- '.repeat(depth)}x\n`;
}

/** The same nesting as a plain YAML schema (for schema-diff). */
export function deepYamlSchema(depth = 1_000) {
  return `type: object\nx-deep:\n  ${'- '.repeat(depth)}x\n`;
}

/** Names that are properties of every JavaScript object, used wherever a document names things. */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype'];

/**
 * A description that uses the prototype names as security scheme, component, tool and property
 * names. JSON text, because object literals cannot hold an own `__proto__` key.
 */
export function prototypeNamesDocument(variant = 0) {
  const schemes = PROTOTYPE_NAMES.map(
    (name) => `${JSON.stringify(name)}: {"type": "http", "scheme": "bearer"}`,
  ).join(', ');
  const schemaComponents = PROTOTYPE_NAMES.map(
    (name) => `${JSON.stringify(name)}: {"type": "object", "properties": {"${name}": {"type": "string"}}}`,
  ).join(', ');
  const properties = PROTOTYPE_NAMES.map((name) => `${JSON.stringify(name)}: {"type": "string"}`).join(', ');
  const tools = PROTOTYPE_NAMES.map(
    (name) =>
      `{"name": ${JSON.stringify(name)}, "description": "The ${name} tool${variant ? ', edited' : ''}.",` +
      ` "inputSchema": {"type": "object", "properties": {${properties}}, "required": ["__proto__"]}}`,
  ).join(', ');
  const security = `[{${PROTOTYPE_NAMES.map((name) => `${JSON.stringify(name)}: []`).join(', ')}}]`;
  return `{"mcpdesc": "0.8.0", "info": {"name": "proto", "version": "1.0.0"}, "protocolVersions": ["2025-11-25"],
 "transports": [{"type": "streamable-http", "url": "https://example.com/mcp"}],
 "securitySchemes": {${schemes}}, "security": ${security},
 "components": {"schemas": {${schemaComponents}}},
 "tools": [${tools}, {"name": "uses_component", "description": "Refers to a prototype-named component.", "inputSchema": {"$componentRef": "#/components/schemas/__proto__"}}]}
`;
}

/**
 * File names a pull request can add that try to start a GitHub workflow command, move the cursor
 * or hide text when printed: newline + `::error`, carriage return, ESC / CSI / OSC, C1, U+2028 and
 * bidi overrides. Only names a Linux file system accepts (no `/`, no NUL).
 */
export const HOSTILE_FILE_NAMES = [
  'x\n::error title=PWNED::owned.mcpdesc.yaml',
  'x\r::warning::cr.mcpdesc.yaml',
  '::notice::starts.mcpdesc.yaml',
  'esc\u001b[2J\u001b]8;;https:evil.example\u0007link.mcpdesc.yaml',
  'c1\u009b31m\u0085next.mcpdesc.yaml',
  'ls\u2028::error::u2028.mcpdesc.yaml',
  'bidi\u202egnp.mcpdesc.yaml',
  'w$(id).mcpdesc.yaml',
];

/** Every generator, by class, as [file name, text] pairs of one document (for the fuzzer). */
export function hostileDocuments() {
  return [
    ['exponential-pattern.json', exponentialPatternDocument()],
    ['ref-bomb.json', refBombDocument()],
    ['alias-chain.json', aliasChainDocument(2_000)],
    ['deep-sequence.yaml', deepYamlDocument()],
    ['prototype-names.json', prototypeNamesDocument()],
  ];
}
