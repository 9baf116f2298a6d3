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
    messages: {
      default: 'MCP revision {revision} is now described (unscoped declarations now claim it too)',
    },
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
    messages: {
      default: 'MCP revision {revision} is no longer described: its clients lose the whole surface',
    },
    rationale: 'Clients on that revision lose the whole described surface.',
  },
  'mcpdesc-version-changed': {
    level: 'warning',
    surface: 'document',
    direction: 'none',
    kind: 'structure',
    action: 'change',
    mirror: 'mcpdesc-version-changed',
    messages: { default: 'mcpdesc {old} → {new}' },
    rationale: 'The document format version changed: consumers must support the new format.',
  },
  'document-schema-changed': {
    level: 'info',
    surface: 'document',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'document-schema-changed',
    messages: { default: '$schema {old} → {new}' },
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
    messages: {
      default: 'server instructions (model-visible text) changed',
      added: 'server instructions (model-visible text) added',
      removed: 'server instructions (model-visible text) removed',
    },
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
    messages: {
      'capability-declared': 'capability {capability} declared',
      'capability-removed': 'capability {capability} no longer declared',
      'capability-setting': '{setting} changed',
      'capability-settings': 'capability {capability} settings changed',
      'root-added': 'root extension {extension} added',
      'root-removed': 'root extension {extension} removed',
      'root-changed': 'root extension {extension} changed',
      info: 'info extension {extension} changed',
      'tag-field': 'tag {tag} {field} changed',
      components: 'components extension {namespace} changed',
    },
    rationale: '`x-*` extensions are ignored for core semantics.',
  },
} as const satisfies RuleDefs;
