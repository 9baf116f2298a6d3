import type { RuleDefs } from './types.js';

/** Fixture: test/fixtures/diff/rules/info.yaml */
export const INFO_RULES = {
  'info-name-changed': {
    level: 'warning',
    surface: 'info',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'info-name-changed',
    rationale:
      'The server identifier is used in client configs and tool namespacing (mcp__<server>__<tool>).',
  },
  'info-id-changed': {
    level: 'breaking',
    surface: 'info',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'info-id-changed',
    rationale: 'The logical server identity changed.',
  },
  'info-version-changed': {
    level: 'info',
    surface: 'info',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'info-version-changed',
    rationale: 'Release bookkeeping (see `mcpdesc changelog` for the suggested version).',
  },
  'info-title-changed': {
    level: 'info',
    surface: 'info',
    direction: 'none',
    kind: 'prose',
    action: 'change',
    mirror: 'info-title-changed',
    rationale: 'Display text only.',
  },
  'info-description-changed': {
    level: 'info',
    surface: 'info',
    direction: 'none',
    kind: 'prose',
    action: 'change',
    mirror: 'info-description-changed',
    rationale: 'Documentation only.',
  },
  'info-metadata-changed': {
    level: 'info',
    surface: 'info',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'info-metadata-changed',
    rationale: 'websiteUrl, icons, contact or license changed.',
  },
} as const satisfies RuleDefs;
