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
    messages: { default: 'tag {tag} added to the catalogue' },
    rationale: 'Catalogue entry added.',
  },
  'tag-removed': {
    level: 'info',
    surface: 'tags',
    direction: 'none',
    kind: 'metadata',
    action: 'remove',
    mirror: 'tag-added',
    messages: { default: 'tag {tag} removed from the catalogue' },
    rationale: 'Catalogue entry removed (clients filtering by tag may need an update).',
  },
  'tag-description-changed': {
    level: 'info',
    surface: 'tags',
    direction: 'none',
    kind: 'prose',
    action: 'change',
    mirror: 'tag-description-changed',
    messages: {
      default: 'tag {tag} description changed',
      added: 'tag {tag} description added',
      removed: 'tag {tag} description removed',
    },
    rationale: 'Documentation only.',
  },
  'tag-order-changed': {
    level: 'info',
    surface: 'tags',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'tag-order-changed',
    messages: { default: 'tag display order changed: {order}' },
    rationale: 'Root tag order is display priority.',
  },
} as const satisfies RuleDefs;
