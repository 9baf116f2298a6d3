import type { RuleDefs } from './types.js';

/**
 * File-level events of the GitHub Action (src/action/report.ts): a description file appears,
 * disappears or cannot be read in one of the compared commits. `diff` on two documents never reports
 * them; they are registered so ignore files, SARIF and the docs name them like every other change.
 */
export const FILES_RULES = {
  'description-added': {
    level: 'info',
    surface: 'document',
    direction: 'none',
    kind: 'existence',
    action: 'add',
    mirror: 'description-removed',
    messages: {
      default: 'The description file {path} was added',
      'unreadable-base':
        'The description file {path} could not be read in base and is compared as a new file',
    },
    rationale: 'A new description file is published; no client depended on it yet.',
  },
  'description-removed': {
    level: 'breaking',
    surface: 'document',
    direction: 'none',
    kind: 'existence',
    action: 'remove',
    mirror: 'description-added',
    messages: { default: 'The description file {path} was removed' },
    rationale: 'Every primitive the file described is gone for clients that read it.',
  },
  'description-unreadable': {
    level: 'breaking',
    surface: 'document',
    direction: 'none',
    kind: 'existence',
    action: 'change',
    messages: { default: 'The description cannot be read in head: {error}' },
    rationale:
      'The head version cannot be parsed or decoded, so nothing it promises can be checked: treated as a removal until fixed.',
  },
} as const satisfies RuleDefs;
