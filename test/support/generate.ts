import type { JsonObject } from '../../src/util/json.js';

/** A large, valid description with `count` tools, for hostile-size and scaling tests. */
export function generateDescription(count: number): JsonObject {
  const tools: JsonObject[] = [];
  for (let i = 0; i < count; i++) {
    tools.push({
      name: `tool_${i}`,
      description: `Tool number ${i}: does one thing well`,
      inputSchema: {
        type: 'object',
        properties: {
          id: { type: 'string', description: 'Identifier', minLength: 1 },
          limit: { type: 'integer', minimum: 1, maximum: 100 },
        },
        required: ['id'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: i % 2 === 0 },
    });
  }
  return {
    mcpdesc: '0.8.0',
    info: { name: 'generated', version: '1.0.0' },
    protocolVersions: ['2025-06-18', '2025-11-25'],
    tools,
  };
}
