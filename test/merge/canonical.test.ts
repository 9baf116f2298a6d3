import { describe, expect, it } from 'vitest';
import { semanticallyEquivalent } from '../../src/model/canonical.js';
import { projectView } from '../../src/model/project.js';

const base = { mcpdesc: '0.8.0', info: { name: 's', version: '1' } };
const schema = { type: 'object', additionalProperties: false };

/** Bug fixes in src/model/canonical.ts found while building merge (see the merge report). */
describe('canonical equivalence: fixes', () => {
  it('a nested elicitation scope is the same as splitting the primitive into variants', () => {
    const elicitation = { name: 'confirm', mode: 'url', message: 'Confirm in the browser' };
    const nested = {
      ...base,
      protocolVersions: ['2025-11-25', '2026-07-28'],
      tools: [
        {
          name: 't',
          inputSchema: schema,
          elicitations: [{ ...elicitation, protocolVersions: ['2026-07-28'] }],
        },
      ],
    };
    const split = {
      ...base,
      protocolVersions: ['2025-11-25', '2026-07-28'],
      tools: [
        { name: 't', protocolVersions: ['2025-11-25'], inputSchema: schema },
        { name: 't', protocolVersions: ['2026-07-28'], inputSchema: schema, elicitations: [elicitation] },
      ],
    };
    // Every view is the same, so the documents are equivalent...
    for (const v of ['2025-11-25', '2026-07-28'])
      expect(semanticallyEquivalent(projectView(nested, v), projectView(split, v))).toBe(true);
    expect(semanticallyEquivalent(nested, split)).toBe(true);
    // ...and a real difference still shows.
    const other = structuredClone(split);
    other.tools[1]!.elicitations![0]!.message = 'Other';
    expect(semanticallyEquivalent(nested, other)).toBe(false);
  });

  it('Prompt Example `arguments: {}` vs omission does not keep two variants apart', () => {
    const prompt = (args: Record<string, string> | undefined, scope: string[]) => ({
      name: 'p',
      protocolVersions: scope,
      examples: { e: { ...(args ? { arguments: args } : {}), result: { messages: [] } } },
    });
    const split = {
      ...base,
      protocolVersions: ['2025-06-18', '2025-11-25'],
      prompts: [prompt({}, ['2025-06-18']), prompt(undefined, ['2025-11-25'])],
    };
    const one = {
      ...base,
      protocolVersions: ['2025-06-18', '2025-11-25'],
      prompts: [prompt(undefined, ['2025-06-18', '2025-11-25'])],
    };
    expect(semanticallyEquivalent(split, one)).toBe(true);
  });

  it('an explicit empty scope does not vanish', () => {
    const a = {
      ...base,
      protocolVersions: ['2025-11-25'],
      tools: [{ name: 't', protocolVersions: [], inputSchema: schema }],
    };
    const b = { ...base, protocolVersions: ['2025-11-25'] };
    expect(semanticallyEquivalent(a, b)).toBe(false);
  });
});
