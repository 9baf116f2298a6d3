import type { RuleDefs } from './types.js';

/** Fixture: test/fixtures/diff/rules/examples.yaml */
export const EXAMPLES_RULES = {
  'example-added': {
    level: 'info',
    surface: 'examples',
    direction: 'none',
    kind: 'metadata',
    action: 'add',
    mirror: 'example-removed',
    messages: { default: '{noun} {name} added' },
    rationale: 'Examples are metadata, not the MCP surface.',
  },
  'example-removed': {
    level: 'info',
    surface: 'examples',
    direction: 'none',
    kind: 'metadata',
    action: 'remove',
    mirror: 'example-added',
    messages: { default: '{noun} {name} removed' },
    rationale: 'Examples are metadata; mocks selecting it by name lose it.',
  },
  'example-changed': {
    level: 'info',
    surface: 'examples',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'example-changed',
    messages: { default: '{noun} {name} changed' },
    rationale: 'Same-name example with different content; metadata only.',
  },
  'example-no-longer-valid': {
    level: 'breaking',
    surface: 'examples',
    direction: 'input',
    kind: 'constraints',
    action: 'specialize',
    messages: {
      input: 'old {noun} {name} is rejected by the new inputSchema: {error}',
      prompt: 'old example {name} {why}',
    },
    rationale: 'A call the old description documented is rejected by the new input contract.',
  },
  'example-output-no-longer-valid': {
    level: 'warning',
    surface: 'examples',
    direction: 'output',
    kind: 'constraints',
    action: 'change',
    messages: {
      default:
        'new {noun} {name} result does not match the old outputSchema (consumers built on it may reject it): {error}',
    },
    rationale:
      'A result the new description documents does not match the old output schema: consumers built on it may reject it (old results against a narrower new schema are no consumer problem).',
  },
  'example-check-incomplete': {
    level: 'warning',
    surface: 'examples',
    direction: 'none',
    kind: 'constraints',
    action: 'change',
    messages: {
      input: 'old {noun} {name} could not be checked against the new inputSchema: {reason}',
      output: 'new {noun} {name} result could not be checked against the old outputSchema: {reason}',
    },
    rationale:
      "An example could not be checked against the other side's schema within the work budget (a pattern that backtracks, a $ref or composition fan-out): nothing says it still holds, so it is never counted as compatible.",
  },
  'scenario-added': {
    level: 'info',
    surface: 'examples',
    direction: 'none',
    kind: 'metadata',
    action: 'add',
    mirror: 'scenario-removed',
    messages: { default: '{noun} {name} added' },
    rationale: 'Interaction scenarios are metadata.',
  },
  'scenario-removed': {
    level: 'info',
    surface: 'examples',
    direction: 'none',
    kind: 'metadata',
    action: 'remove',
    mirror: 'scenario-added',
    messages: { default: '{noun} {name} removed' },
    rationale: 'Interaction scenarios are metadata.',
  },
  'scenario-changed': {
    level: 'info',
    surface: 'examples',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'scenario-changed',
    messages: { default: '{noun} {name} changed' },
    rationale: 'Same-name scenario with different input, steps or result.',
  },
  'variant-example-mismatch': {
    level: 'warning',
    surface: 'examples',
    direction: 'none',
    kind: 'structure',
    action: 'change',
    messages: {
      default:
        '{noun} {name} differs between {count} variants (maps of variants are independent: check this is intended)',
    },
    rationale:
      'Same-name examples or scenarios differ between same-key variants of the new document: maps are independent, check that is intended.',
  },
} as const satisfies RuleDefs;
