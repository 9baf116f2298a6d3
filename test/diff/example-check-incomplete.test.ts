import { describe, expect, it } from 'vitest';
import { refBombSchema } from '../../scripts/hostile-inputs.mjs';
import type { JsonObject } from '../../src/util/json.js';
import { diff, doc } from './helpers.js';

const RESULT = { content: [{ type: 'text', text: 'ok' }] };
const OPEN = { type: 'object', properties: { v: { type: 'string' } } };

/** A tool whose inputSchema / outputSchema are given, with one example `one`. */
function tool(inputSchema: object, outputSchema: object | undefined, structured?: object): JsonObject {
  return doc({
    tools: [
      {
        name: 'bomb',
        inputSchema,
        ...(outputSchema ? { outputSchema } : {}),
        examples: {
          one: {
            input: { v: 'x' },
            result: structured ? { ...RESULT, structuredContent: structured } : RESULT,
          },
        },
      },
    ],
  } as unknown as JsonObject);
}

describe('example-check-incomplete', () => {
  it.each([
    {
      name: 'an old input example against a new $ref bomb',
      old: tool(OPEN, undefined),
      new: tool(refBombSchema(34), undefined),
      message:
        'old example `one` could not be checked against the new inputSchema: checking it would take more than 200,000 schema visits (nested $ref or composition fan-out)',
      before: '/tools/0/examples/one/input',
      after: '/tools/0/inputSchema',
    },
    {
      name: 'a new result against an old $ref-bomb outputSchema',
      old: tool(OPEN, refBombSchema(34), { v: 'a' }),
      new: tool(OPEN, { type: 'object' }, { v: 'b' }),
      message:
        'new example `one` result could not be checked against the old outputSchema: checking it would take more than 200,000 schema visits (nested $ref or composition fan-out)',
      before: '/tools/0/outputSchema',
      after: '/tools/0/examples/one/result/structuredContent',
    },
  ])('$name: a warning, never a silent pass', ({ old, new: next, message, before, after }) => {
    const result = diff(old, next);
    const change = result.changes.find((c) => c.ruleId === 'example-check-incomplete');
    expect(change?.level).toBe('warning');
    expect(change?.message).toBe(message);
    expect(change?.before?.pointer).toBe(before);
    expect(change?.after?.pointer).toBe(after);
  });

  it('says nothing when the check completes', () => {
    const result = diff(tool(OPEN, undefined), tool({ ...OPEN, required: ['v'] }, undefined));
    expect(result.changes.map((c) => c.ruleId)).not.toContain('example-check-incomplete');
  });
});
