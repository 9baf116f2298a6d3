import type { RuleDefs } from './types.js';

/** Fixture: test/fixtures/diff/rules/tags.yaml */
export const TAGS_RULES = {
  'tag-added': {
    level: 'info',
    surface: 'tags',
    direction: 'none',
    kind: 'metadata',
    action: 'add',
    mirror: 'tag-removed',
    rationale: 'Catalogue entry added.',
  },
  'tag-removed': {
    level: 'info',
    surface: 'tags',
    direction: 'none',
    kind: 'metadata',
    action: 'remove',
    mirror: 'tag-added',
    rationale: 'Catalogue entry removed (clients filtering by tag may need an update).',
  },
  'tag-description-changed': {
    level: 'info',
    surface: 'tags',
    direction: 'none',
    kind: 'prose',
    action: 'change',
    mirror: 'tag-description-changed',
    rationale: 'Documentation only.',
  },
  'tag-order-changed': {
    level: 'info',
    surface: 'tags',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'tag-order-changed',
    rationale: 'Root tag order is display priority.',
  },
} as const satisfies RuleDefs;
