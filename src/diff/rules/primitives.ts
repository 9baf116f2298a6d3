import type { RuleDefs } from './types.js';

/** Fixture: test/fixtures/diff/rules/primitives.yaml */
export const PRIMITIVES_RULES = {
  'tool-added': {
    level: 'info',
    surface: 'tool',
    direction: 'none',
    kind: 'existence',
    action: 'add',
    mirror: 'tool-removed',
    messages: {
      default: '{kind} {name} added',
      renamed: '{kind} {name} added (looks like the new name of {from})',
    },
    rationale: 'A new tool is offered; existing clients are unaffected.',
  },
  'tool-removed': {
    level: 'breaking',
    surface: 'tool',
    direction: 'none',
    kind: 'existence',
    action: 'remove',
    mirror: 'tool-added',
    messages: {
      default: '{kind} {name} removed',
      renamed:
        '{kind} {name} removed; looks renamed to {to} ({why}): keep the old name as an alias for a deprecation period',
      'renamed-variables':
        '{kind} {name} removed; looks renamed to {to} ({why}): keep the old name as an alias for a deprecation period; RFC 6570 variables added: {variablesAdded}, removed: {variablesRemoved}',
    },
    rationale:
      'Clients and agents that use the tool fail; a likely rename is reported as a hint on the removal.',
  },
  'prompt-added': {
    level: 'info',
    surface: 'prompt',
    direction: 'none',
    kind: 'existence',
    action: 'add',
    mirror: 'prompt-removed',
    messages: {
      default: '{kind} {name} added',
      renamed: '{kind} {name} added (looks like the new name of {from})',
    },
    rationale: 'A new prompt is offered; existing clients are unaffected.',
  },
  'prompt-removed': {
    level: 'breaking',
    surface: 'prompt',
    direction: 'none',
    kind: 'existence',
    action: 'remove',
    mirror: 'prompt-added',
    messages: {
      default: '{kind} {name} removed',
      renamed:
        '{kind} {name} removed; looks renamed to {to} ({why}): keep the old name as an alias for a deprecation period',
      'renamed-variables':
        '{kind} {name} removed; looks renamed to {to} ({why}): keep the old name as an alias for a deprecation period; RFC 6570 variables added: {variablesAdded}, removed: {variablesRemoved}',
    },
    rationale:
      'Clients and agents that use the prompt fail; a likely rename is reported as a hint on the removal.',
  },
  'resource-added': {
    level: 'info',
    surface: 'resource',
    direction: 'none',
    kind: 'existence',
    action: 'add',
    mirror: 'resource-removed',
    messages: {
      default: '{kind} {name} added',
      renamed: '{kind} {name} added (looks like the new name of {from})',
    },
    rationale: 'A new resource is offered; existing clients are unaffected.',
  },
  'resource-removed': {
    level: 'breaking',
    surface: 'resource',
    direction: 'none',
    kind: 'existence',
    action: 'remove',
    mirror: 'resource-added',
    messages: {
      default: '{kind} {name} removed',
      renamed:
        '{kind} {name} removed; looks renamed to {to} ({why}): keep the old name as an alias for a deprecation period',
      'renamed-variables':
        '{kind} {name} removed; looks renamed to {to} ({why}): keep the old name as an alias for a deprecation period; RFC 6570 variables added: {variablesAdded}, removed: {variablesRemoved}',
    },
    rationale:
      'Clients and agents that use the resource fail; a likely rename is reported as a hint on the removal.',
  },
  'resource-template-added': {
    level: 'info',
    surface: 'resourceTemplate',
    direction: 'none',
    kind: 'existence',
    action: 'add',
    mirror: 'resource-template-removed',
    messages: {
      default: '{kind} {name} added',
      renamed: '{kind} {name} added (looks like the new name of {from})',
    },
    rationale: 'A new resource template is offered; existing clients are unaffected.',
  },
  'resource-template-removed': {
    level: 'breaking',
    surface: 'resourceTemplate',
    direction: 'none',
    kind: 'existence',
    action: 'remove',
    mirror: 'resource-template-added',
    messages: {
      default: '{kind} {name} removed',
      renamed:
        '{kind} {name} removed; looks renamed to {to} ({why}): keep the old name as an alias for a deprecation period',
      'renamed-variables':
        '{kind} {name} removed; looks renamed to {to} ({why}): keep the old name as an alias for a deprecation period; RFC 6570 variables added: {variablesAdded}, removed: {variablesRemoved}',
    },
    rationale:
      'Clients and agents that use the resource template fail; a likely rename is reported as a hint on the removal.',
  },
  'primitive-scope-narrowed': {
    level: 'breaking',
    surface: 'primitive',
    direction: 'none',
    kind: 'scope',
    action: 'remove',
    mirror: 'primitive-scope-widened',
    messages: { default: '{label} {name} no longer applies to MCP {revisions}' },
    rationale: 'The primitive no longer applies to some revisions: clients on those revisions lose it.',
  },
  'primitive-scope-widened': {
    level: 'info',
    surface: 'primitive',
    direction: 'none',
    kind: 'scope',
    action: 'add',
    mirror: 'primitive-scope-narrowed',
    messages: { default: '{label} {name} now also applies to MCP {revisions}' },
    rationale: 'The primitive now also applies to more revisions.',
  },
  'variant-scope-overlap': {
    level: 'warning',
    surface: 'primitive',
    direction: 'none',
    kind: 'scope',
    action: 'change',
    messages: {
      default:
        '{count} variants of {label} {name} apply to MCP {revisions} at once (the first one in document order was compared)',
    },
    rationale:
      'The new document has same-key variants whose scopes overlap (invalid): which one applies cannot be decided; the first was compared.',
  },
  'primitive-deprecated': {
    level: 'info',
    surface: 'primitive',
    direction: 'none',
    kind: 'lifecycle',
    action: 'set',
    mirror: 'primitive-undeprecated',
    messages: { default: '{label} {name} is now deprecated' },
    rationale: 'Deprecation announces a future removal; it does not break anyone yet.',
  },
  'primitive-undeprecated': {
    level: 'info',
    surface: 'primitive',
    direction: 'none',
    kind: 'lifecycle',
    action: 'unset',
    mirror: 'primitive-deprecated',
    messages: { default: '{label} {name} is no longer deprecated' },
    rationale: 'The primitive is no longer deprecated.',
  },
  'primitive-title-changed': {
    level: 'info',
    surface: 'primitive',
    direction: 'none',
    kind: 'prose',
    action: 'change',
    mirror: 'primitive-title-changed',
    messages: {
      default: '{label} title changed',
      added: '{label} title added',
      removed: '{label} title removed',
    },
    rationale: 'Display text only.',
  },
  'primitive-description-changed': {
    level: 'info',
    surface: 'primitive',
    direction: 'none',
    kind: 'prose',
    action: 'change',
    mirror: 'primitive-description-changed',
    modelVisible: true,
    messages: {
      default: '{label} description (model-visible text) changed',
      added: '{label} description (model-visible text) added',
      removed: '{label} description (model-visible text) removed',
    },
    rationale:
      'Model-visible text: changes what the LLM is told (tool-poisoning review); compatible on the wire.',
  },
  'primitive-icons-changed': {
    level: 'info',
    surface: 'primitive',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'primitive-icons-changed',
    messages: { default: '{label} icons changed' },
    rationale: 'Display metadata only.',
  },
  'primitive-tags-changed': {
    level: 'info',
    surface: 'primitive',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'primitive-tags-changed',
    messages: { default: '{label} tags changed: {parts}', order: '{label} tags changed (order)' },
    rationale: 'Grouping metadata; clients that filter by tag may show the primitive elsewhere.',
  },
  'primitive-meta-changed': {
    level: 'info',
    surface: 'primitive',
    direction: 'none',
    kind: 'metadata',
    action: 'change',
    mirror: 'primitive-meta-changed',
    messages: { default: '{label} `_meta` changed' },
    rationale: '`_meta` is literal data passed through to clients; compared as data.',
  },
  'primitive-field-changed': {
    level: 'warning',
    surface: 'primitive',
    direction: 'none',
    kind: 'structure',
    action: 'change',
    mirror: 'primitive-field-changed',
    messages: {
      'tag-field': 'tag {tag} {field} changed',
      'execution-field': 'execution {field} changed',
      'transport-field': 'transport {field} changed',
      'primitive-added': '{label} field {field} added',
      'primitive-removed': '{label} field {field} removed',
      'primitive-changed': '{label} field {field} changed',
      'security-scheme-field': 'security scheme {scheme} {field} changed',
      'oauth-flow-field': 'OAuth flow {flow} {field} changed',
      'argument-field': 'argument {argument} field {field} changed',
    },
    rationale: 'A field the diff does not model changed (only in unvalidated input): effect unknown.',
  },
} as const satisfies RuleDefs;
