import type { RuleDefs } from './types.js';

/** Fixture: test/fixtures/diff/rules/client-requirements.yaml */
export const CLIENT_REQUIREMENTS_RULES = {
  'client-requirement-added': {
    level: 'breaking',
    surface: 'clientRequirements',
    direction: 'input',
    kind: 'requiredness',
    action: 'add',
    mirror: 'client-requirement-removed',
    messages: {
      default: 'client requirement {requirement} added: clients without it can no longer use {primitive}',
    },
    rationale:
      'Requirements are conjunctive and unconditional: clients lacking the capability can no longer use it.',
  },
  'client-requirement-removed': {
    level: 'info',
    surface: 'clientRequirements',
    direction: 'input',
    kind: 'requiredness',
    action: 'remove',
    mirror: 'client-requirement-added',
    messages: { default: 'client requirement {requirement} removed' },
    rationale: 'Fewer clients are excluded.',
  },
  'client-requirement-changed': {
    level: 'warning',
    surface: 'clientRequirements',
    direction: 'input',
    kind: 'values',
    action: 'change',
    mirror: 'client-requirement-changed',
    messages: { default: 'client requirement {requirement} changed' },
    rationale:
      'Settings of a required capability changed; satisfaction cannot be decided without the client.',
  },
} as const satisfies RuleDefs;
