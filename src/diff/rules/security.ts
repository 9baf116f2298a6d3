import type { RuleDefs } from './types.js';

/** Fixture: test/fixtures/diff/rules/security.yaml */
export const SECURITY_RULES = {
  'security-requirement-added': {
    level: 'breaking',
    surface: 'security',
    direction: 'input',
    kind: 'auth',
    action: 'add',
    mirror: 'security-requirement-removed',
    rationale: 'Effective security went from anonymous/undeclared to required: unauthenticated clients fail.',
  },
  'security-requirement-removed': {
    level: 'info',
    surface: 'security',
    direction: 'input',
    kind: 'auth',
    action: 'remove',
    mirror: 'security-requirement-added',
    rationale: 'Authentication is no longer required (review as a security change).',
  },
  'security-requirement-narrowed': {
    level: 'breaking',
    surface: 'security',
    direction: 'input',
    kind: 'auth',
    action: 'specialize',
    mirror: 'security-requirement-widened',
    rationale: 'Some old way to authenticate (scheme or scope set) no longer satisfies the requirement.',
  },
  'security-requirement-widened': {
    level: 'info',
    surface: 'security',
    direction: 'input',
    kind: 'auth',
    action: 'generalize',
    mirror: 'security-requirement-narrowed',
    rationale: 'Every old way to authenticate still works; more are accepted.',
  },
  'security-declaration-changed': {
    level: 'info',
    surface: 'security',
    direction: 'input',
    kind: 'auth',
    action: 'change',
    mirror: 'security-declaration-changed',
    rationale: 'Omitted, `[]` and `[{}]` are distinct declarations, none of which requires credentials.',
  },
} as const satisfies RuleDefs;
