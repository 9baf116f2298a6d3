/**
 * One failing (triggering) and one passing document per diagnostic code, written by hand and kept
 * minimal. Used by codes.test.ts, which also fails when a code of the registry has no case here.
 */
import type { ValidateCode } from '../../src/validate/codes.js';

type Doc = Record<string, unknown>;
const V24 = '2024-11-05';
const V03 = '2025-03-26';
const V06 = '2025-06-18';
const V25 = '2025-11-25';
const V26 = '2026-07-28';

export const doc = (protocolVersions: string[], rest: Doc = {}): Doc => ({
  mcpdesc: '0.8.0',
  info: { name: 'case', version: '1.0.0' },
  protocolVersions,
  ...rest,
});
const tool = (extra: Doc = {}): Doc => ({ name: 't', inputSchema: { type: 'object' }, ...extra });
const tools = (pv: string[], ...items: Doc[]) => doc(pv, { tools: items });
const complete = (extra: Doc = {}) => ({
  resultType: 'complete',
  content: [{ type: 'text', text: 'ok' }],
  ...extra,
});
const toolExample = (pv: string[], result: Doc, extra: Doc = {}) =>
  tools(pv, tool({ ...extra, examples: { e: { input: {}, result } } }));
const readResult = (extra: Doc = {}, uri = 'data://r') => ({
  resultType: 'complete',
  ttlMs: 0,
  cacheScope: 'private',
  contents: [{ uri, text: 'abc' }],
  ...extra,
});
const resourceExample = (pv: string[], result: Doc, extra: Doc = {}) =>
  doc(pv, { resources: [{ uri: 'data://r', name: 'r', ...extra, examples: { e: { result } } }] });
const promptExample = (pv: string[], example: Doc, extra: Doc = {}) =>
  doc(pv, { prompts: [{ name: 'p', ...extra, examples: { e: example } }] });
const promptResult = (extra: Doc = {}) => ({ resultType: 'complete', messages: [], ...extra });
const completion = (pv: string[], example: Doc, args = [{ name: 'a' }, { name: 'b' }]) =>
  doc(pv, {
    prompts: [
      {
        name: 'p',
        arguments: args,
        completionExamples: {
          c: {
            argument: { name: 'a', value: 'x' },
            result: { ...(pv.includes(V26) ? { resultType: 'complete' } : {}), completion: { values: [] } },
            ...example,
          },
        },
      },
    ],
  });
const templateCompletion = (template: string, example: Doc) =>
  doc([V26], {
    resourceTemplates: [
      {
        uriTemplate: template,
        name: 't',
        completionExamples: {
          c: {
            argument: { name: 'x', value: '1' },
            result: { resultType: 'complete', completion: { values: [] } },
            ...example,
          },
        },
      },
    ],
  });
const templateExample = (template: string, uri: string) =>
  doc([V26], {
    resourceTemplates: [
      { uriTemplate: template, name: 't', examples: { e: { uri, result: readResult({}, uri) } } },
    ],
  });
const formSchema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
const interaction = (pv: string[], step: Doc, extra: Doc = {}) =>
  tools(
    pv,
    tool({
      elicitations: [{ name: 'f', mode: 'form', message: 'm', requestedSchema: formSchema }],
      interactionExamples: {
        i: {
          input: {},
          steps: [step],
          result: { ...(pv.includes(V26) ? { resultType: 'complete' } : {}), content: [] },
        },
      },
      ...extra,
    }),
  );
const formStep = (response: Doc, request: Doc = {}) => ({
  type: 'elicitation',
  declaration: 'f',
  request: { mode: 'form', message: 'm', requestedSchema: formSchema, ...request },
  response,
});
const elicitation = (pv: string[], e: Doc, more: Doc[] = []) =>
  tools(pv, tool({ elicitations: [{ name: 'e', mode: 'form', message: 'm', ...e }, ...more] }));
const form = (properties: Doc, extra: Doc = {}) => ({
  requestedSchema: { type: 'object', properties, ...extra },
});
const oauth = (scopes: string[]) =>
  doc([V26], {
    securitySchemes: {
      o: {
        type: 'oauth2',
        flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/t', scopes: { a: 'A' } } },
      },
      h: { type: 'http', scheme: 'bearer' },
    },
    security: [{ o: scopes }],
  });
const withSchemas = (schemas: Doc, inputSchema: Doc, more: Doc = {}) =>
  doc([V26], { components: { schemas, ...more }, tools: [tool({ inputSchema })] });

export const CASES: Record<ValidateCode, { fail: Doc; pass: Doc }> = {
  'schema-validation': { fail: doc([V26], { info: { name: 'x' } }), pass: doc([V26]) },
  'unknown-property': { fail: tools([V26], tool({ acme: 1 })), pass: tools([V26], tool({ 'x-acme': 1 })) },
  'empty-collection': { fail: doc([V26], { tools: [] }), pass: doc([V26]) },
  'unsupported-protocol-version': { fail: doc(['2027-01-01']), pass: doc([V26]) },
  'invalid-extension-identifier': {
    fail: doc([V26], { capabilities: [{ extensions: { 'x-policy': {} } }] }),
    pass: doc([V26], { capabilities: [{ extensions: { 'com.example/policy': {} } }] }),
  },
  'missing-component-reference-target': {
    fail: withSchemas({ X: { type: 'object' } }, { $componentRef: '#/components/schemas/Nope' }),
    pass: withSchemas({ X: { type: 'object' } }, { $componentRef: '#/components/schemas/X' }),
  },
  'wrong-component-reference-namespace': {
    fail: withSchemas(
      { X: { type: 'object' } },
      { $componentRef: '#/components/toolExamples/E' },
      {
        toolExamples: { E: { input: {}, result: complete() } },
      },
    ),
    pass: withSchemas({ X: { type: 'object' } }, { $componentRef: '#/components/schemas/X' }),
  },
  'component-reference-cycle': {
    fail: withSchemas(
      { A: { $componentRef: '#/components/schemas/B' }, B: { $componentRef: '#/components/schemas/A' } },
      { type: 'object' },
    ),
    pass: withSchemas(
      { A: { $componentRef: '#/components/schemas/B' }, B: { type: 'object' } },
      { $componentRef: '#/components/schemas/A' },
    ),
  },
  'protocol-scope-outside-parent': {
    fail: tools([V25], tool({ protocolVersions: [V26] })),
    pass: tools([V25], tool({ protocolVersions: [V25] })),
  },
  'transport-coverage-gap': {
    fail: doc([V25, V26], { transports: [{ type: 'stdio', command: 'x', protocolVersions: [V25] }] }),
    pass: doc([V25, V26], { transports: [{ type: 'stdio', command: 'x' }] }),
  },
  'primitive-scope-overlap': {
    fail: tools([V25, V26], tool(), tool({ protocolVersions: [V26] })),
    pass: tools([V25, V26], tool({ protocolVersions: [V25] }), tool({ protocolVersions: [V26] })),
  },
  'capability-scope-overlap': {
    fail: doc([V26], { capabilities: [{ tools: {} }, { prompts: {} }] }),
    pass: doc([V25, V26], {
      capabilities: [
        { protocolVersions: [V25], tools: {} },
        { protocolVersions: [V26], prompts: {} },
      ],
    }),
  },
  'legacy-protocol-validation-incomplete': { fail: doc([V03]), pass: doc([V06]) },
  'field-not-supported-by-version': {
    fail: tools([V26], tool({ execution: { taskSupport: 'optional' } })),
    pass: tools([V25], tool({ execution: { taskSupport: 'optional' } })),
  },
  'transport-not-supported-by-version': {
    fail: doc([V24], { transports: [{ type: 'streamable-http', url: 'https://x.example.com/mcp' }] }),
    pass: doc([V03], { transports: [{ type: 'streamable-http', url: 'https://x.example.com/mcp' }] }),
  },
  'legacy-sse-for-modern-version': {
    fail: doc([V26], { transports: [{ type: 'sse', url: 'https://x.example.com/sse' }] }),
    pass: doc([V24], { transports: [{ type: 'sse', url: 'https://x.example.com/sse' }] }),
  },
  'resource-annotation-not-supported-by-version': {
    fail: doc([V03], {
      resources: [{ uri: 'data://r', name: 'r', annotations: { lastModified: '2026-01-01T00:00:00Z' } }],
    }),
    pass: doc([V06], {
      resources: [{ uri: 'data://r', name: 'r', annotations: { lastModified: '2026-01-01T00:00:00Z' } }],
    }),
  },
  'tasks-core-not-valid-in-2026': {
    fail: doc([V26], { capabilities: [{ tasks: {} }] }),
    pass: doc([V25], { capabilities: [{ tasks: {} }] }),
  },
  'extensions-not-supported-by-version': {
    fail: doc([V25], { capabilities: [{ extensions: { 'com.example/x': {} } }] }),
    pass: doc([V26], { capabilities: [{ extensions: { 'com.example/x': {} } }] }),
  },
  'logging-deprecated-in-2026': {
    fail: doc([V26], { capabilities: [{ logging: {} }] }),
    pass: doc([V25], { capabilities: [{ logging: {} }] }),
  },
  'integer-precision-loss': {
    fail: tools(
      [V26],
      tool({ inputSchema: { type: 'object', properties: { n: { type: 'integer', maximum: 2 ** 60 } } } }),
    ),
    pass: tools(
      [V26],
      tool({ inputSchema: { type: 'object', properties: { n: { type: 'integer', maximum: 2 ** 53 - 1 } } } }),
    ),
  },
  'unknown-reserved-extension-identifier': {
    fail: doc([V26], { capabilities: [{ extensions: { 'io.modelcontextprotocol/nope': {} } }] }),
    pass: doc([V26], { capabilities: [{ extensions: { 'io.modelcontextprotocol/tasks': {} } }] }),
  },
  'unknown-security-scheme': {
    fail: doc([V26], { security: [{ nope: [] }] }),
    pass: doc([V26], {
      securitySchemes: { nope: { type: 'http', scheme: 'bearer' } },
      security: [{ nope: [] }],
    }),
  },
  'duplicate-security-scope': { fail: oauth(['a', 'a']), pass: oauth(['a']) },
  'non-oauth-scope-misuse': {
    fail: { ...oauth(['a']), security: [{ h: ['admin'] }] },
    pass: { ...oauth(['a']), security: [{ h: [] }] },
  },
  'uncatalogued-oauth-scope': { fail: oauth(['b']), pass: oauth(['a']) },
  'duplicate-root-tag': {
    fail: doc([V26], { tags: [{ name: 'a' }, { name: 'a' }] }),
    pass: doc([V26], { tags: [{ name: 'a' }, { name: 'b' }] }),
  },
  'unknown-tag-reference': {
    fail: doc([V26], { tags: [{ name: 'a' }], tools: [tool({ tags: ['b'] })] }),
    pass: doc([V26], { tags: [{ name: 'a' }], tools: [tool({ tags: ['a'] })] }),
  },
  'meta-key-invalid': {
    fail: tools([V26], tool({ _meta: { 'bad key': 1 } })),
    pass: tools([V26], tool({ _meta: { good: 1 } })),
  },
  'meta-reserved-key-context': {
    fail: tools([V26], tool({ _meta: { progressToken: 'x' } })),
    pass: tools([V26], tool({ _meta: { 'com.example/progress': 'x' } })),
  },
  'meta-reserved-key-value': {
    fail: toolExample([V26], complete({ _meta: { 'io.modelcontextprotocol/serverInfo': 'x' } })),
    pass: toolExample(
      [V26],
      complete({ _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } } }),
    ),
  },
  'meta-unknown-reserved-key': {
    fail: tools([V26], tool({ _meta: { 'io.modelcontextprotocol/zzz': 1 } })),
    pass: tools([V26], tool({ _meta: { 'com.example/zzz': 1 } })),
  },
  'invalid-x-mcp-header': {
    fail: tools(
      [V26],
      tool({ inputSchema: { type: 'object', properties: { a: { type: 'number', 'x-mcp-header': 'A' } } } }),
    ),
    pass: tools(
      [V26],
      tool({ inputSchema: { type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'A' } } } }),
    ),
  },
  'duplicate-x-mcp-header': {
    fail: tools(
      [V26],
      tool({
        inputSchema: {
          type: 'object',
          properties: {
            a: { type: 'string', 'x-mcp-header': 'A' },
            b: { type: 'string', 'x-mcp-header': 'a' },
          },
        },
      }),
    ),
    pass: tools(
      [V26],
      tool({
        inputSchema: {
          type: 'object',
          properties: {
            a: { type: 'string', 'x-mcp-header': 'A' },
            b: { type: 'string', 'x-mcp-header': 'B' },
          },
        },
      }),
    ),
  },
  'invalid-legacy-tool-schema-shape': {
    fail: tools([V03], tool({ inputSchema: { type: 'object', required: 'a' } })),
    pass: tools([V03], tool({ inputSchema: { type: 'object', required: ['a'] } })),
  },
  'unsupported-tool-schema-dialect': {
    fail: tools([V26], tool({ inputSchema: { $schema: 'https://example.com/dialect', type: 'object' } })),
    pass: tools(
      [V26],
      tool({ inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' } }),
    ),
  },
  'invalid-tool-schema': {
    fail: tools([V26], tool({ inputSchema: { type: 'object', minProperties: -1 } })),
    pass: tools([V26], tool({ inputSchema: { type: 'object', minProperties: 1 } })),
  },
  'unresolved-external-tool-schema-reference': {
    fail: tools(
      [V26],
      tool({
        inputSchema: {
          type: 'object',
          properties: { a: { $ref: 'https://schemas.example.invalid/a.json' } },
        },
      }),
    ),
    pass: tools(
      [V26],
      tool({
        inputSchema: {
          type: 'object',
          $defs: { a: { type: 'string' } },
          properties: { a: { $ref: '#/$defs/a' } },
        },
      }),
    ),
  },
  'tool-example-schema-mismatch': {
    fail: tools(
      [V26],
      tool({
        inputSchema: { type: 'object', properties: { a: { type: 'integer' } } },
        examples: { e: { input: { a: 'x' }, result: complete() } },
      }),
    ),
    pass: tools(
      [V26],
      tool({
        inputSchema: { type: 'object', properties: { a: { type: 'integer' } } },
        examples: { e: { input: { a: 1 }, result: complete() } },
      }),
    ),
  },
  'incomplete-tool-example-validation': {
    fail: toolExample([V06], { content: [] }),
    pass: toolExample([V26], complete()),
  },
  'tool-example-json-rpc-envelope': {
    fail: toolExample([V26], complete({ jsonrpc: '2.0' })),
    pass: toolExample([V26], complete()),
  },
  'incomplete-tool-example-result': {
    fail: toolExample([V26], complete({ task: { taskId: 'x' } })),
    pass: toolExample([V26], complete()),
  },
  'tool-example-result-version-mismatch': {
    fail: toolExample([V26], { content: [] }),
    pass: toolExample([V26], complete()),
  },
  'tool-example-content-version-mismatch': {
    fail: toolExample([V03], { content: [{ type: 'resource_link', uri: 'data://x', name: 'x' }] }),
    pass: toolExample([V03], { content: [{ type: 'text', text: 'x' }] }),
  },
  'structured-tool-error-example': {
    fail: toolExample([V26], complete({ isError: true, structuredContent: {} })),
    pass: toolExample([V26], complete({ isError: true })),
  },
  'missing-tool-example-structured-content': {
    fail: toolExample([V26], complete(), { outputSchema: { type: 'object' } }),
    pass: toolExample([V26], complete({ structuredContent: {} }), { outputSchema: { type: 'object' } }),
  },
  'resource-example-json-rpc-envelope': {
    fail: resourceExample([V26], readResult({ id: 1 })),
    pass: resourceExample([V26], readResult()),
  },
  'incomplete-resource-example-result': {
    fail: resourceExample([V26], readResult({ requestState: 'x' })),
    pass: resourceExample([V26], readResult()),
  },
  'resource-example-result-version-mismatch': {
    fail: resourceExample([V26], {
      ttlMs: 0,
      cacheScope: 'private',
      contents: [{ uri: 'data://r', text: 'abc' }],
    }),
    pass: resourceExample([V26], readResult()),
  },
  'resource-example-cache-fields-version-mismatch': {
    fail: resourceExample([V26], { resultType: 'complete', contents: [{ uri: 'data://r', text: 'abc' }] }),
    pass: resourceExample([V26], readResult()),
  },
  'resource-example-content-version-mismatch': {
    fail: resourceExample([V03], { contents: [{ uri: 'data://r', text: 'abc', _meta: { a: 1 } }] }),
    pass: resourceExample([V03], { contents: [{ uri: 'data://r', text: 'abc' }] }),
  },
  'invalid-resource-example-base64': {
    fail: resourceExample([V26], readResult({ contents: [{ uri: 'data://r', blob: 'abc' }] })),
    pass: resourceExample([V26], readResult({ contents: [{ uri: 'data://r', blob: 'YWJj' }] })),
  },
  'resource-example-mime-type-mismatch': {
    fail: resourceExample(
      [V26],
      readResult({ contents: [{ uri: 'data://r', text: 'abc', mimeType: 'text/html' }] }),
      { mimeType: 'text/plain' },
    ),
    pass: resourceExample(
      [V26],
      readResult({ contents: [{ uri: 'data://r', text: 'abc', mimeType: 'text/plain' }] }),
      { mimeType: 'text/plain' },
    ),
  },
  'resource-example-size-mismatch': {
    fail: resourceExample([V26], readResult(), { size: 5 }),
    pass: resourceExample([V26], readResult(), { size: 3 }),
  },
  'resource-example-requested-uri-not-returned': {
    fail: resourceExample([V26], readResult({}, 'data://other')),
    pass: resourceExample([V26], readResult()),
  },
  'resource-template-example-invalid-template': {
    fail: templateExample('data://items/{id', 'data://items/1'),
    pass: templateExample('data://items/{id}', 'data://items/1'),
  },
  'resource-template-example-invalid-expansion': {
    fail: templateExample('data://items/{id}', 'data://other/1'),
    pass: templateExample('data://items/{id}', 'data://items/1'),
  },
  'prompt-example-unknown-argument': {
    fail: promptExample([V26], { arguments: { z: '1' }, result: promptResult() }),
    pass: promptExample([V26], { arguments: {}, result: promptResult() }),
  },
  'prompt-example-missing-required-argument': {
    fail: promptExample(
      [V26],
      { arguments: {}, result: promptResult() },
      { arguments: [{ name: 'a', required: true }] },
    ),
    pass: promptExample(
      [V26],
      { arguments: { a: '1' }, result: promptResult() },
      { arguments: [{ name: 'a', required: true }] },
    ),
  },
  'prompt-example-json-rpc-envelope': {
    fail: promptExample([V26], { result: promptResult({ error: {} }) }),
    pass: promptExample([V26], { result: promptResult() }),
  },
  'incomplete-prompt-example-result': {
    fail: promptExample([V26], { result: promptResult({ inputRequests: {} }) }),
    pass: promptExample([V26], { result: promptResult() }),
  },
  'prompt-example-result-version-mismatch': {
    fail: promptExample([V26], { result: { messages: [] } }),
    pass: promptExample([V26], { result: promptResult() }),
  },
  'prompt-example-content-version-mismatch': {
    fail: promptExample([V03], {
      result: {
        messages: [{ role: 'user', content: { type: 'resource_link', uri: 'data://x', name: 'x' } }],
      },
    }),
    pass: promptExample([V03], {
      result: { messages: [{ role: 'user', content: { type: 'text', text: 'x' } }] },
    }),
  },
  'completion-example-json-rpc-envelope': {
    fail: completion([V26], { result: { resultType: 'complete', completion: { values: [] }, id: 1 } }),
    pass: completion([V26], {}),
  },
  'incomplete-completion-example-result': {
    fail: completion([V26], { result: { resultType: 'complete', completion: { values: [] }, task: {} } }),
    pass: completion([V26], {}),
  },
  'completion-example-result-version-mismatch': {
    fail: completion([V26], { result: { completion: { values: [] } } }),
    pass: completion([V26], {}),
  },
  'completion-example-version-mismatch': { fail: completion([V24], {}), pass: completion([V03], {}) },
  'completion-example-context-version-mismatch': {
    fail: completion([V03], { context: { arguments: { b: '1' } } }),
    pass: completion([V06], { context: { arguments: { b: '1' } } }),
  },
  'completion-example-duplicate-target-context': {
    fail: completion([V26], { context: { arguments: { a: '1' } } }),
    pass: completion([V26], { context: { arguments: { b: '1' } } }),
  },
  'prompt-completion-example-unknown-argument': {
    fail: completion([V26], { argument: { name: 'z', value: 'x' } }),
    pass: completion([V26], { argument: { name: 'b', value: 'x' } }),
  },
  'prompt-completion-example-context-unknown-argument': {
    fail: completion([V26], { context: { arguments: { z: '1' } } }),
    pass: completion([V26], { context: { arguments: { b: '1' } } }),
  },
  'resource-template-completion-example-unknown-variable': {
    fail: templateCompletion('data://{x}', { argument: { name: 'z', value: '1' } }),
    pass: templateCompletion('data://{x}', {}),
  },
  'resource-template-completion-example-context-unknown-variable': {
    fail: templateCompletion('data://{x}/{y}', { context: { arguments: { z: '1' } } }),
    pass: templateCompletion('data://{x}/{y}', { context: { arguments: { y: '1' } } }),
  },
  'resource-template-completion-example-invalid-template': {
    fail: templateCompletion('data://{x', {}),
    pass: templateCompletion('data://{x}', {}),
  },
  'interaction-example-version-mismatch': {
    fail: interaction([V06], {
      type: 'sampling',
      request: {
        messages: [{ role: 'user', content: { type: 'text', text: 'q' } }],
        maxTokens: 1,
        tools: [{ name: 'x', inputSchema: { type: 'object' } }],
      },
      response: { role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' },
    }),
    pass: interaction([V25], {
      type: 'sampling',
      request: {
        messages: [{ role: 'user', content: { type: 'text', text: 'q' } }],
        maxTokens: 1,
        tools: [{ name: 'x', inputSchema: { type: 'object' } }],
      },
      response: { role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' },
    }),
  },
  'unknown-elicitation-declaration': {
    fail: interaction([V26], { ...formStep({ action: 'decline' }), declaration: 'nope' }),
    pass: interaction([V26], formStep({ action: 'decline' })),
  },
  'interaction-example-elicitation-declaration-mismatch': {
    fail: interaction(
      [V26],
      formStep({ action: 'decline' }, { requestedSchema: { type: 'object', properties: {} } }),
    ),
    pass: interaction([V26], formStep({ action: 'decline' })),
  },
  'interaction-example-elicitation-response-mismatch': {
    fail: interaction([V26], formStep({ action: 'accept' })),
    pass: interaction([V26], formStep({ action: 'accept', content: { ok: true } })),
  },
  'interaction-example-elicitation-content-schema-mismatch': {
    fail: interaction([V26], formStep({ action: 'accept', content: { ok: 'yes' } })),
    pass: interaction([V26], formStep({ action: 'accept', content: { ok: true } })),
  },
  'interaction-example-roots-uri': {
    fail: interaction([V26], {
      type: 'roots',
      request: {},
      response: { roots: [{ uri: 'https://example.com/' }] },
    }),
    pass: interaction([V26], { type: 'roots', request: {}, response: { roots: [{ uri: 'file:///work' }] } }),
  },
  'interaction-example-client-requirements-contradiction': {
    fail: interaction(
      [V25],
      { type: 'roots', request: {}, response: { roots: [{ uri: 'file:///w' }] } },
      { clientRequirements: { sampling: {} } },
    ),
    pass: interaction(
      [V25],
      { type: 'roots', request: {}, response: { roots: [{ uri: 'file:///w' }] } },
      { clientRequirements: { roots: {} } },
    ),
  },
  'client-requirement-version-mismatch': {
    fail: tools([V26], tool({ clientRequirements: { tasks: {} } })),
    pass: tools([V25], tool({ clientRequirements: { tasks: {} } })),
  },
  'invalid-client-requirement-value': {
    fail: tools([V26], tool({ clientRequirements: { elicitation: { form: 1 } } })),
    pass: tools([V26], tool({ clientRequirements: { elicitation: { form: {} } } })),
  },
  'deprecated-client-requirement': {
    fail: tools([V26], tool({ clientRequirements: { sampling: {} } })),
    pass: tools([V25], tool({ clientRequirements: { sampling: {} } })),
  },
  'duplicate-elicitation-name': {
    fail: elicitation([V26], form({}), [{ name: 'e', mode: 'url', message: 'm' }]),
    pass: elicitation([V26], form({}), [{ name: 'f', mode: 'url', message: 'm' }]),
  },
  'elicitation-mode-not-supported-by-version': {
    fail: tools([V06], tool({ elicitations: [{ name: 'e', mode: 'url', message: 'm' }] })),
    pass: tools([V25], tool({ elicitations: [{ name: 'e', mode: 'url', message: 'm' }] })),
  },
  'elicitation-form-schema-version-mismatch': {
    fail: elicitation([V06], form({ a: { type: 'string', default: 'x' } })),
    pass: elicitation([V25], form({ a: { type: 'string', default: 'x' } })),
  },
  'elicitation-form-required-property-unknown': {
    fail: elicitation([V26], form({ a: { type: 'string' } }, { required: ['z'] })),
    pass: elicitation([V26], form({ a: { type: 'string' } }, { required: ['a'] })),
  },
  'elicitation-form-enum-names-mismatch': {
    fail: elicitation([V26], form({ a: { type: 'string', enum: ['x', 'y'], enumNames: ['X'] } })),
    pass: elicitation([V26], form({ a: { type: 'string', enum: ['x', 'y'], enumNames: ['X', 'Y'] } })),
  },
  'elicitation-form-default-outside-enum': {
    fail: elicitation([V26], form({ a: { type: 'string', enum: ['x'], default: 'y' } })),
    pass: elicitation([V26], form({ a: { type: 'string', enum: ['x'], default: 'x' } })),
  },
  'elicitation-form-invalid-range': {
    fail: elicitation([V26], form({ a: { type: 'string', minLength: 5, maxLength: 1 } })),
    pass: elicitation([V26], form({ a: { type: 'string', minLength: 1, maxLength: 5 } })),
  },
};
