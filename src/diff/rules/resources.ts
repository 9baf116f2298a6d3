import type { RuleDefs } from './types.js';

/** Fixture: test/fixtures/diff/rules/resources.yaml */
export const RESOURCES_RULES = {
  'resource-name-changed': {
    level: 'warning',
    surface: 'resource',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'resource-name-changed',
    rationale: 'The identity is the URI, but clients and users often refer to resources by name.',
  },
  'resource-mime-type-changed': {
    level: 'breaking',
    surface: 'resource',
    direction: 'output',
    kind: 'type',
    action: 'change',
    mirror: 'resource-mime-type-changed',
    rationale: 'Consumers parse the contents by MIME type.',
  },
  'resource-mime-type-added': {
    level: 'info',
    surface: 'resource',
    direction: 'output',
    kind: 'type',
    action: 'add',
    mirror: 'resource-mime-type-removed',
    rationale: 'The MIME type is now declared.',
  },
  'resource-mime-type-removed': {
    level: 'warning',
    surface: 'resource',
    direction: 'output',
    kind: 'type',
    action: 'remove',
    mirror: 'resource-mime-type-added',
    rationale: 'Consumers that dispatched on the declared MIME type must now sniff the contents.',
  },
  'resource-size-changed': {
    level: 'info',
    surface: 'resource',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'resource-size-changed',
    rationale: 'Size is a hint for context budgeting.',
  },
  'resource-annotations-changed': {
    level: 'info',
    surface: 'resource',
    direction: 'none',
    kind: 'behaviour-hint',
    action: 'change',
    mirror: 'resource-annotations-changed',
    rationale: 'Audience, priority and lastModified are hints, not access controls.',
  },
} as const satisfies RuleDefs;
