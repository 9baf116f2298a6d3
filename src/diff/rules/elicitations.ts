import type { RuleDefs } from './types.js';

/** Fixture: test/fixtures/diff/rules/elicitations.yaml */
export const ELICITATIONS_RULES = {
  'elicitation-added': {
    level: 'warning',
    surface: 'elicitation',
    direction: 'none',
    kind: 'behaviour-hint',
    action: 'add',
    mirror: 'elicitation-removed',
    messages: { default: 'elicitation {elicitation} ({mode} mode) added' },
    rationale:
      'The primitive may now ask the user mid-request; clients without elicitation support may see it fail.',
  },
  'elicitation-removed': {
    level: 'info',
    surface: 'elicitation',
    direction: 'none',
    kind: 'behaviour-hint',
    action: 'remove',
    mirror: 'elicitation-added',
    messages: { default: 'elicitation {elicitation} removed' },
    rationale: 'The primitive no longer declares that elicitation.',
  },
  'elicitation-changed': {
    level: 'info',
    surface: 'elicitation',
    direction: 'none',
    kind: 'behaviour-hint',
    action: 'change',
    mirror: 'elicitation-changed',
    messages: { default: 'elicitation {elicitation} changed ({fields})' },
    rationale: 'Mode, message or requested schema of a declared elicitation changed.',
  },
} as const satisfies RuleDefs;
