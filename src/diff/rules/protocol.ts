import type { RuleDefs } from './types.js';

/** Fixture: test/fixtures/diff/rules/protocol.yaml */
export const PROTOCOL_RULES = {
  'protocol-revision-added': {
    level: 'info',
    surface: 'protocol',
    direction: 'none',
    kind: 'scope',
    action: 'add',
    mirror: 'protocol-revision-removed',
    rationale:
      'Clients of the new revision are now described; every unscoped declaration also claims it (re-check revision-specific fields).',
  },
  'protocol-revision-removed': {
    level: 'breaking',
    surface: 'protocol',
    direction: 'none',
    kind: 'scope',
    action: 'remove',
    mirror: 'protocol-revision-added',
    rationale: 'Clients on that revision lose the whole described surface.',
  },
  'mcpdesc-version-changed': {
    level: 'warning',
    surface: 'document',
    direction: 'none',
    kind: 'structure',
    action: 'change',
    mirror: 'mcpdesc-version-changed',
    rationale: 'The document format version changed: consumers must support the new format.',
  },
  'document-schema-changed': {
    level: 'info',
    surface: 'document',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'document-schema-changed',
    rationale: 'Root `$schema` is informational; it does not change the described server.',
  },
  'instructions-changed': {
    level: 'info',
    surface: 'document',
    direction: 'none',
    kind: 'prose',
    action: 'change',
    mirror: 'instructions-changed',
    modelVisible: true,
    rationale:
      'Server instructions are model-visible text: review for prompt injection, compatible on the wire.',
  },
  'extension-changed': {
    level: 'info',
    surface: 'extensions',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'extension-changed',
    rationale: '`x-*` extensions are ignored for core semantics.',
  },
} as const satisfies RuleDefs;
