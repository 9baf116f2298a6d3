import type { RuleDefs } from './types.js';

/** Fixture: test/fixtures/diff/rules/components.yaml */
export const COMPONENTS_RULES = {
  'component-added': {
    level: 'info',
    surface: 'components',
    direction: 'none',
    kind: 'existence',
    action: 'add',
    mirror: 'component-removed',
    messages: { default: 'unreferenced component {component} added' },
    rationale: 'An unreferenced component was added (referenced ones are compared at their use sites).',
  },
  'component-removed': {
    level: 'info',
    surface: 'components',
    direction: 'none',
    kind: 'existence',
    action: 'remove',
    mirror: 'component-added',
    messages: { default: 'unreferenced component {component} removed' },
    rationale: 'An unreferenced component was removed.',
  },
  'component-changed': {
    level: 'info',
    surface: 'components',
    direction: 'none',
    kind: 'values',
    action: 'change',
    mirror: 'component-changed',
    messages: { default: 'unreferenced component {component} changed' },
    rationale: 'An unreferenced component changed (referenced ones are compared at their use sites).',
  },
} as const satisfies RuleDefs;
