import type { ChangeLevel } from './types.js';

/**
 * THE registry of diff rules. Every change the engine can emit names one of these ids; docs/rules.md
 * is generated from this table (scripts/gen-diff-docs.mjs) and test/diff/registry.test.ts fails when
 * a rule has no fixture case in test/fixtures/diff/rules/<family>.yaml, no docs line or no mirror.
 *
 * Ids are stable API (ignore files and baselines name them): add new ones, never rename.
 */

export type Surface =
  | 'protocol'
  | 'document'
  | 'tool'
  | 'tool.input'
  | 'tool.output'
  | 'tool.annotations'
  | 'tool.execution'
  | 'prompt'
  | 'prompt.argument'
  | 'resource'
  | 'resourceTemplate'
  | 'primitive'
  | 'examples'
  | 'elicitation'
  | 'clientRequirements'
  | 'transport'
  | 'security'
  | 'capabilities'
  | 'components'
  | 'info'
  | 'tags'
  | 'extensions';

/** input: client → server (narrowing breaks); output: server → client (widening breaks). */
export type Direction = 'input' | 'output' | 'none';

export type RuleKind =
  | 'existence'
  | 'scope'
  | 'requiredness'
  | 'type'
  | 'constraints'
  | 'values'
  | 'structure'
  | 'lifecycle'
  | 'behaviour-hint'
  | 'auth'
  | 'connectivity'
  | 'prose'
  | 'metadata';

export type Action =
  | 'add'
  | 'remove'
  | 'change'
  | 'generalize'
  | 'specialize'
  | 'increase'
  | 'decrease'
  | 'set'
  | 'unset';

/** Fixture files live in test/fixtures/diff/rules/<family>.yaml. */
export type Family =
  | 'protocol'
  | 'primitives'
  | 'tool-schemas'
  | 'tool-annotations'
  | 'tool-execution'
  | 'examples'
  | 'prompts'
  | 'resources'
  | 'elicitations'
  | 'client-requirements'
  | 'transports'
  | 'security'
  | 'security-schemes'
  | 'capabilities'
  | 'components'
  | 'info'
  | 'tags';

export interface RuleMeta {
  id: string;
  level: ChangeLevel;
  surface: Surface;
  direction: Direction;
  kind: RuleKind;
  action: Action;
  /** One line: why the default level is what it is. */
  rationale: string;
  family: Family;
  /** The rule reported when the same fixture is diffed the other way round. */
  mirror?: string;
  /** The change touches text a model reads when choosing or calling a primitive (tool-poisoning review). */
  modelVisible?: boolean;
  /** The level comes from the schema compatibility engine per keyword; `level` is the usual one. */
  levelFromEngine?: boolean;
}

type Def = Omit<RuleMeta, 'id' | 'family'>;

function family(name: Family, defs: Record<string, Def>): RuleMeta[] {
  return Object.entries(defs).map(([id, def]) => ({ id, family: name, ...def }));
}

const none = 'none' as const;

const PRIMITIVE_EXISTENCE: Record<string, Def> = {};
for (const [kind, label, surface] of [
  ['tool', 'tool', 'tool'],
  ['prompt', 'prompt', 'prompt'],
  ['resource', 'resource', 'resource'],
  ['resource-template', 'resource template', 'resourceTemplate'],
] as const) {
  PRIMITIVE_EXISTENCE[`${kind}-added`] = {
    level: 'info',
    surface,
    direction: none,
    kind: 'existence',
    action: 'add',
    mirror: `${kind}-removed`,
    rationale: `A new ${label} is offered; existing clients are unaffected.`,
  };
  PRIMITIVE_EXISTENCE[`${kind}-removed`] = {
    level: 'breaking',
    surface,
    direction: none,
    kind: 'existence',
    action: 'remove',
    mirror: `${kind}-added`,
    rationale: `Clients and agents that use the ${label} fail; a likely rename is reported as a hint on the removal.`,
  };
}

function schemaRules(direction: 'input' | 'output'): Record<string, Def> {
  const surface = direction === 'input' ? ('tool.input' as const) : ('tool.output' as const);
  const breaksWhen = direction === 'input' ? 'narrowed' : 'widened';
  const safeWhen = direction === 'input' ? 'widened' : 'narrowed';
  const who = direction === 'input' ? 'callers' : 'consumers of structured results';
  const base = { surface, direction, levelFromEngine: true } as const;
  return {
    [`${direction}-schema-${breaksWhen}`]: {
      ...base,
      level: 'breaking',
      kind: 'constraints',
      action: direction === 'input' ? 'specialize' : 'generalize',
      mirror: `${direction}-schema-${safeWhen}`,
      rationale: `The ${direction} schema ${breaksWhen === 'narrowed' ? 'accepts less' : 'may produce more'}: ${who} following the old schema can fail.`,
    },
    [`${direction}-schema-${safeWhen}`]: {
      ...base,
      level: 'info',
      kind: 'constraints',
      action: direction === 'input' ? 'generalize' : 'specialize',
      mirror: `${direction}-schema-${breaksWhen}`,
      rationale: `The ${direction} schema ${safeWhen === 'widened' ? 'accepts more' : 'produces less'}: compatible for ${who}.`,
    },
    [`${direction}-schema-changed`]: {
      ...base,
      level: 'breaking',
      kind: 'type',
      action: 'change',
      mirror: `${direction}-schema-changed`,
      rationale: `The ${direction} schema changed both ways at one keyword (neither a subset nor a superset).`,
    },
    [`${direction}-schema-unknown`]: {
      ...base,
      level: 'warning',
      kind: 'constraints',
      action: 'change',
      mirror: `${direction}-schema-unknown`,
      rationale:
        'A keyword changed whose effect cannot be proven (pattern, custom format, unmodelled keyword): never silently "no change".',
    },
    [`${direction}-schema-annotation-changed`]: {
      ...base,
      level: 'info',
      kind: 'prose',
      action: 'change',
      mirror: `${direction}-schema-annotation-changed`,
      modelVisible: true,
      rationale:
        'An annotation (title, description, examples...) changed: validation is unaffected, the model reads it.',
    },
    [`${direction}-schema-default-changed`]: {
      ...base,
      level: 'warning',
      kind: 'values',
      action: 'change',
      mirror: `${direction}-schema-default-changed`,
      rationale: 'A `default` changed: behaviour differs for callers that omit the value.',
    },
  };
}

/**
 * Reported under `--schema-semantics api` (the default) where the declared contract and the exact
 * accepted set disagree about a property; `json-schema` reports the same edits under the
 * effect-named rules above (docs/schema-compat.md).
 */
const CONTRACT_RULES: Record<string, Def> = {
  'input-schema-property-added': {
    level: 'info',
    surface: 'tool.input',
    direction: 'input',
    kind: 'structure',
    action: 'add',
    levelFromEngine: true,
    mirror: 'input-schema-widened',
    rationale:
      'An optional parameter was declared on an open object: callers send only declared properties, so every old call is still valid (`json-schema` semantics: narrowed, breaking).',
  },
  'input-schema-object-closed': {
    level: 'info',
    surface: 'tool.input',
    direction: 'input',
    kind: 'structure',
    action: 'specialize',
    levelFromEngine: true,
    mirror: 'input-schema-widened',
    rationale:
      '`additionalProperties: false` was set on an object that declares its properties: only undeclared names, outside the contract, are rejected (`json-schema`: breaking).',
  },
  'input-schema-header-changed': {
    level: 'warning',
    surface: 'tool.input',
    direction: 'input',
    kind: 'connectivity',
    action: 'change',
    levelFromEngine: true,
    mirror: 'input-schema-header-changed',
    rationale:
      'An `x-mcp-header` mapping (spec §9.2) was added or removed (warning) or names another header (breaking): clients send it on the wire; it is not prose for the model.',
  },
  'output-schema-property-added': {
    level: 'info',
    surface: 'tool.output',
    direction: 'output',
    kind: 'structure',
    action: 'add',
    levelFromEngine: true,
    mirror: 'output-schema-property-removed',
    rationale:
      'Results carry a new declared property; consumers read the properties they know (`json-schema`: breaking when the object was closed).',
  },
  'output-schema-property-removed': {
    level: 'breaking',
    surface: 'tool.output',
    direction: 'output',
    kind: 'structure',
    action: 'remove',
    levelFromEngine: true,
    mirror: 'output-schema-property-added',
    rationale:
      'A declared result property is gone: breaking when it was required (consumers rely on it), a warning when it was optional.',
  },
  'output-schema-object-opened': {
    level: 'info',
    surface: 'tool.output',
    direction: 'output',
    kind: 'structure',
    action: 'generalize',
    levelFromEngine: true,
    mirror: 'output-schema-narrowed',
    rationale:
      '`additionalProperties: false` was lifted on a result object that declares its properties: results may carry names consumers do not read (`json-schema`: breaking).',
  },
};

export const RULES: readonly RuleMeta[] = [
  ...family('protocol', {
    'protocol-revision-added': {
      level: 'info',
      surface: 'protocol',
      direction: none,
      kind: 'scope',
      action: 'add',
      mirror: 'protocol-revision-removed',
      rationale:
        'Clients of the new revision are now described; every unscoped declaration also claims it (re-check revision-specific fields).',
    },
    'protocol-revision-removed': {
      level: 'breaking',
      surface: 'protocol',
      direction: none,
      kind: 'scope',
      action: 'remove',
      mirror: 'protocol-revision-added',
      rationale: 'Clients on that revision lose the whole described surface.',
    },
    'mcpdesc-version-changed': {
      level: 'warning',
      surface: 'document',
      direction: none,
      kind: 'structure',
      action: 'change',
      mirror: 'mcpdesc-version-changed',
      rationale: 'The document format version changed: consumers must support the new format.',
    },
    'document-schema-changed': {
      level: 'info',
      surface: 'document',
      direction: none,
      kind: 'metadata',
      action: 'change',
      mirror: 'document-schema-changed',
      rationale: 'Root `$schema` is informational; it does not change the described server.',
    },
    'instructions-changed': {
      level: 'info',
      surface: 'document',
      direction: none,
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
      direction: none,
      kind: 'metadata',
      action: 'change',
      mirror: 'extension-changed',
      rationale: '`x-*` extensions are ignored for core semantics.',
    },
  }),
  ...family('primitives', {
    ...PRIMITIVE_EXISTENCE,
    'primitive-scope-narrowed': {
      level: 'breaking',
      surface: 'primitive',
      direction: none,
      kind: 'scope',
      action: 'remove',
      mirror: 'primitive-scope-widened',
      rationale: 'The primitive no longer applies to some revisions: clients on those revisions lose it.',
    },
    'primitive-scope-widened': {
      level: 'info',
      surface: 'primitive',
      direction: none,
      kind: 'scope',
      action: 'add',
      mirror: 'primitive-scope-narrowed',
      rationale: 'The primitive now also applies to more revisions.',
    },
    'variant-scope-overlap': {
      level: 'warning',
      surface: 'primitive',
      direction: none,
      kind: 'scope',
      action: 'change',
      rationale:
        'The new document has same-key variants whose scopes overlap (invalid): which one applies cannot be decided; the first was compared.',
    },
    'primitive-deprecated': {
      level: 'info',
      surface: 'primitive',
      direction: none,
      kind: 'lifecycle',
      action: 'set',
      mirror: 'primitive-undeprecated',
      rationale: 'Deprecation announces a future removal; it does not break anyone yet.',
    },
    'primitive-undeprecated': {
      level: 'info',
      surface: 'primitive',
      direction: none,
      kind: 'lifecycle',
      action: 'unset',
      mirror: 'primitive-deprecated',
      rationale: 'The primitive is no longer deprecated.',
    },
    'primitive-title-changed': {
      level: 'info',
      surface: 'primitive',
      direction: none,
      kind: 'prose',
      action: 'change',
      mirror: 'primitive-title-changed',
      rationale: 'Display text only.',
    },
    'primitive-description-changed': {
      level: 'info',
      surface: 'primitive',
      direction: none,
      kind: 'prose',
      action: 'change',
      mirror: 'primitive-description-changed',
      modelVisible: true,
      rationale:
        'Model-visible text: changes what the LLM is told (tool-poisoning review); compatible on the wire.',
    },
    'primitive-icons-changed': {
      level: 'info',
      surface: 'primitive',
      direction: none,
      kind: 'metadata',
      action: 'change',
      mirror: 'primitive-icons-changed',
      rationale: 'Display metadata only.',
    },
    'primitive-tags-changed': {
      level: 'info',
      surface: 'primitive',
      direction: none,
      kind: 'metadata',
      action: 'change',
      mirror: 'primitive-tags-changed',
      rationale: 'Grouping metadata; clients that filter by tag may show the primitive elsewhere.',
    },
    'primitive-meta-changed': {
      level: 'info',
      surface: 'primitive',
      direction: none,
      kind: 'metadata',
      action: 'change',
      mirror: 'primitive-meta-changed',
      rationale: '`_meta` is literal data passed through to clients; compared as data.',
    },
    'primitive-field-changed': {
      level: 'warning',
      surface: 'primitive',
      direction: none,
      kind: 'structure',
      action: 'change',
      mirror: 'primitive-field-changed',
      rationale: 'A field the diff does not model changed (only in unvalidated input): effect unknown.',
    },
  }),
  ...family('tool-schemas', {
    ...schemaRules('input'),
    ...schemaRules('output'),
    ...CONTRACT_RULES,
    'output-schema-added': {
      level: 'info',
      surface: 'tool.output',
      direction: 'output',
      kind: 'existence',
      action: 'add',
      mirror: 'output-schema-removed',
      rationale: 'New structured output contract; unstructured content remains.',
    },
    'output-schema-removed': {
      level: 'breaking',
      surface: 'tool.output',
      direction: 'output',
      kind: 'existence',
      action: 'remove',
      mirror: 'output-schema-added',
      rationale: 'Consumers of `structuredContent` lose the contract.',
    },
  }),
  ...family('tool-annotations', {
    'annotation-read-only-revoked': {
      level: 'breaking',
      surface: 'tool.annotations',
      direction: none,
      kind: 'behaviour-hint',
      action: 'unset',
      mirror: 'annotation-read-only-granted',
      rationale: 'Clients that auto-approve read-only tools would now run side effects without a prompt.',
    },
    'annotation-read-only-granted': {
      level: 'info',
      surface: 'tool.annotations',
      direction: none,
      kind: 'behaviour-hint',
      action: 'set',
      mirror: 'annotation-read-only-revoked',
      rationale: 'The tool now claims to be read-only (widens auto-approval: verify the claim).',
    },
    'annotation-destructive-set': {
      level: 'breaking',
      surface: 'tool.annotations',
      direction: none,
      kind: 'behaviour-hint',
      action: 'set',
      mirror: 'annotation-destructive-cleared',
      rationale:
        'Effective destructiveHint false→true: confirmation flows change; callers assumed additive-only.',
    },
    'annotation-destructive-cleared': {
      level: 'info',
      surface: 'tool.annotations',
      direction: none,
      kind: 'behaviour-hint',
      action: 'unset',
      mirror: 'annotation-destructive-set',
      rationale: 'The tool no longer claims destructive updates.',
    },
    'annotation-idempotent-revoked': {
      level: 'breaking',
      surface: 'tool.annotations',
      direction: none,
      kind: 'behaviour-hint',
      action: 'unset',
      mirror: 'annotation-idempotent-granted',
      rationale: 'Clients that retry on timeout can now duplicate effects.',
    },
    'annotation-idempotent-granted': {
      level: 'info',
      surface: 'tool.annotations',
      direction: none,
      kind: 'behaviour-hint',
      action: 'set',
      mirror: 'annotation-idempotent-revoked',
      rationale: 'Retries become safe.',
    },
    'annotation-open-world-set': {
      level: 'warning',
      surface: 'tool.annotations',
      direction: none,
      kind: 'behaviour-hint',
      action: 'set',
      mirror: 'annotation-open-world-cleared',
      rationale: 'The tool now reaches external systems (data egress, prompt-injection surface).',
    },
    'annotation-open-world-cleared': {
      level: 'info',
      surface: 'tool.annotations',
      direction: none,
      kind: 'behaviour-hint',
      action: 'unset',
      mirror: 'annotation-open-world-set',
      rationale: 'The tool no longer claims to reach external systems.',
    },
    'annotation-title-changed': {
      level: 'info',
      surface: 'tool.annotations',
      direction: none,
      kind: 'prose',
      action: 'change',
      mirror: 'annotation-title-changed',
      rationale: 'Display text only.',
    },
    'annotation-other-changed': {
      level: 'info',
      surface: 'tool.annotations',
      direction: none,
      kind: 'behaviour-hint',
      action: 'change',
      mirror: 'annotation-other-changed',
      rationale: 'An annotation key outside the spec changed; annotations are open and advisory.',
    },
  }),
  ...family('tool-execution', {
    'execution-task-support-required': {
      level: 'breaking',
      surface: 'tool.execution',
      direction: none,
      kind: 'behaviour-hint',
      action: 'set',
      mirror: 'execution-task-support-relaxed',
      rationale: 'taskSupport became "required": clients without task support can no longer call the tool.',
    },
    'execution-task-support-relaxed': {
      level: 'info',
      surface: 'tool.execution',
      direction: none,
      kind: 'behaviour-hint',
      action: 'unset',
      mirror: 'execution-task-support-required',
      rationale: 'taskSupport "required" → "optional": plain calls work again.',
    },
    'execution-task-support-removed': {
      level: 'breaking',
      surface: 'tool.execution',
      direction: none,
      kind: 'behaviour-hint',
      action: 'remove',
      mirror: 'execution-task-support-added',
      rationale: 'taskSupport became "forbidden" (the default): callers using task augmentation fail.',
    },
    'execution-task-support-added': {
      level: 'info',
      surface: 'tool.execution',
      direction: none,
      kind: 'behaviour-hint',
      action: 'add',
      mirror: 'execution-task-support-removed',
      rationale: 'taskSupport "forbidden" → "optional": task augmentation becomes possible.',
    },
  }),
  ...family('examples', {
    'example-added': {
      level: 'info',
      surface: 'examples',
      direction: none,
      kind: 'metadata',
      action: 'add',
      mirror: 'example-removed',
      rationale: 'Examples are metadata, not the MCP surface.',
    },
    'example-removed': {
      level: 'info',
      surface: 'examples',
      direction: none,
      kind: 'metadata',
      action: 'remove',
      mirror: 'example-added',
      rationale: 'Examples are metadata; mocks selecting it by name lose it.',
    },
    'example-changed': {
      level: 'info',
      surface: 'examples',
      direction: none,
      kind: 'metadata',
      action: 'change',
      mirror: 'example-changed',
      rationale: 'Same-name example with different content; metadata only.',
    },
    'example-no-longer-valid': {
      level: 'breaking',
      surface: 'examples',
      direction: 'input',
      kind: 'constraints',
      action: 'specialize',
      rationale: 'A call the old description documented is rejected by the new input contract.',
    },
    'example-output-no-longer-valid': {
      level: 'warning',
      surface: 'examples',
      direction: 'output',
      kind: 'constraints',
      action: 'change',
      rationale:
        'A result the new description documents does not match the old output schema: consumers built on it may reject it (old results against a narrower new schema are no consumer problem).',
    },
    'example-check-incomplete': {
      level: 'warning',
      surface: 'examples',
      direction: none,
      kind: 'constraints',
      action: 'change',
      rationale:
        "An example could not be checked against the other side's schema within the work budget (a pattern that backtracks, a $ref or composition fan-out): nothing says it still holds, so it is never counted as compatible.",
    },
    'scenario-added': {
      level: 'info',
      surface: 'examples',
      direction: none,
      kind: 'metadata',
      action: 'add',
      mirror: 'scenario-removed',
      rationale: 'Interaction scenarios are metadata.',
    },
    'scenario-removed': {
      level: 'info',
      surface: 'examples',
      direction: none,
      kind: 'metadata',
      action: 'remove',
      mirror: 'scenario-added',
      rationale: 'Interaction scenarios are metadata.',
    },
    'scenario-changed': {
      level: 'info',
      surface: 'examples',
      direction: none,
      kind: 'metadata',
      action: 'change',
      mirror: 'scenario-changed',
      rationale: 'Same-name scenario with different input, steps or result.',
    },
    'variant-example-mismatch': {
      level: 'warning',
      surface: 'examples',
      direction: none,
      kind: 'structure',
      action: 'change',
      rationale:
        'Same-name examples or scenarios differ between same-key variants of the new document: maps are independent, check that is intended.',
    },
  }),
  ...family('prompts', {
    'prompt-argument-added-required': {
      level: 'breaking',
      surface: 'prompt.argument',
      direction: 'input',
      kind: 'requiredness',
      action: 'add',
      mirror: 'prompt-argument-removed',
      rationale: 'Old `prompts/get` calls lack the new required argument.',
    },
    'prompt-argument-added-optional': {
      level: 'info',
      surface: 'prompt.argument',
      direction: 'input',
      kind: 'existence',
      action: 'add',
      mirror: 'prompt-argument-removed',
      rationale: 'A new optional argument; old calls still work.',
    },
    'prompt-argument-removed': {
      level: 'warning',
      surface: 'prompt.argument',
      direction: 'input',
      kind: 'existence',
      action: 'remove',
      mirror: 'prompt-argument-added-optional',
      rationale: 'Callers that pass it may be rejected or silently ignored, depending on the server.',
    },
    'prompt-argument-became-required': {
      level: 'breaking',
      surface: 'prompt.argument',
      direction: 'input',
      kind: 'requiredness',
      action: 'specialize',
      mirror: 'prompt-argument-became-optional',
      rationale: 'Old calls that omit it fail.',
    },
    'prompt-argument-became-optional': {
      level: 'info',
      surface: 'prompt.argument',
      direction: 'input',
      kind: 'requiredness',
      action: 'generalize',
      mirror: 'prompt-argument-became-required',
      rationale: 'Old calls still pass it.',
    },
    'prompt-argument-description-changed': {
      level: 'info',
      surface: 'prompt.argument',
      direction: none,
      kind: 'prose',
      action: 'change',
      mirror: 'prompt-argument-description-changed',
      modelVisible: true,
      rationale: 'Model-visible text.',
    },
    'prompt-argument-title-changed': {
      level: 'info',
      surface: 'prompt.argument',
      direction: none,
      kind: 'prose',
      action: 'change',
      mirror: 'prompt-argument-title-changed',
      rationale: 'Display text only.',
    },
  }),
  ...family('resources', {
    'resource-name-changed': {
      level: 'warning',
      surface: 'resource',
      direction: none,
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
      direction: none,
      kind: 'metadata',
      action: 'change',
      mirror: 'resource-size-changed',
      rationale: 'Size is a hint for context budgeting.',
    },
    'resource-annotations-changed': {
      level: 'info',
      surface: 'resource',
      direction: none,
      kind: 'behaviour-hint',
      action: 'change',
      mirror: 'resource-annotations-changed',
      rationale: 'Audience, priority and lastModified are hints, not access controls.',
    },
  }),
  ...family('elicitations', {
    'elicitation-added': {
      level: 'warning',
      surface: 'elicitation',
      direction: none,
      kind: 'behaviour-hint',
      action: 'add',
      mirror: 'elicitation-removed',
      rationale:
        'The primitive may now ask the user mid-request; clients without elicitation support may see it fail.',
    },
    'elicitation-removed': {
      level: 'info',
      surface: 'elicitation',
      direction: none,
      kind: 'behaviour-hint',
      action: 'remove',
      mirror: 'elicitation-added',
      rationale: 'The primitive no longer declares that elicitation.',
    },
    'elicitation-changed': {
      level: 'info',
      surface: 'elicitation',
      direction: none,
      kind: 'behaviour-hint',
      action: 'change',
      mirror: 'elicitation-changed',
      rationale: 'Mode, message or requested schema of a declared elicitation changed.',
    },
  }),
  ...family('client-requirements', {
    'client-requirement-added': {
      level: 'breaking',
      surface: 'clientRequirements',
      direction: 'input',
      kind: 'requiredness',
      action: 'add',
      mirror: 'client-requirement-removed',
      rationale:
        'Requirements are conjunctive and unconditional: clients lacking the capability can no longer use it.',
    },
    'client-requirement-removed': {
      level: 'info',
      surface: 'clientRequirements',
      direction: 'input',
      kind: 'requiredness',
      action: 'remove',
      mirror: 'client-requirement-added',
      rationale: 'Fewer clients are excluded.',
    },
    'client-requirement-changed': {
      level: 'warning',
      surface: 'clientRequirements',
      direction: 'input',
      kind: 'values',
      action: 'change',
      mirror: 'client-requirement-changed',
      rationale:
        'Settings of a required capability changed; satisfaction cannot be decided without the client.',
    },
  }),
  ...family('transports', {
    'transport-added': {
      level: 'info',
      surface: 'transport',
      direction: none,
      kind: 'connectivity',
      action: 'add',
      mirror: 'transport-removed',
      rationale: 'A new way to connect.',
    },
    'transport-removed': {
      level: 'breaking',
      surface: 'transport',
      direction: none,
      kind: 'connectivity',
      action: 'remove',
      mirror: 'transport-added',
      rationale: 'Clients configured for that transport cannot connect.',
    },
    'transport-type-changed': {
      level: 'breaking',
      surface: 'transport',
      direction: none,
      kind: 'connectivity',
      action: 'change',
      mirror: 'transport-type-changed',
      rationale: 'Same endpoint, different transport: clients speaking the old one fail.',
    },
    'transport-url-changed': {
      level: 'breaking',
      surface: 'transport',
      direction: none,
      kind: 'connectivity',
      action: 'change',
      mirror: 'transport-url-changed',
      rationale: 'Installed client configurations point at the old URL.',
    },
    'transport-stdio-command-changed': {
      level: 'breaking',
      surface: 'transport',
      direction: none,
      kind: 'connectivity',
      action: 'change',
      mirror: 'transport-stdio-command-changed',
      rationale: 'Client configurations embed the command.',
    },
    'transport-stdio-args-changed': {
      level: 'breaking',
      surface: 'transport',
      direction: none,
      kind: 'connectivity',
      action: 'change',
      mirror: 'transport-stdio-args-changed',
      rationale: 'Client configurations embed the (ordered) command line.',
    },
    'transport-stdio-args-version-changed': {
      level: 'info',
      surface: 'transport',
      direction: none,
      kind: 'connectivity',
      action: 'change',
      mirror: 'transport-stdio-args-version-changed',
      rationale:
        'Only the version pin of the package the launcher runs moved (`pkg@0.26.0` → `pkg@0.29.0`): the command line names the new release; every other `args` change stays `transport-stdio-args-changed`.',
    },
    'transport-stdio-env-added': {
      level: 'warning',
      surface: 'transport',
      direction: none,
      kind: 'connectivity',
      action: 'add',
      mirror: 'transport-stdio-env-removed',
      rationale: 'A new environment variable may be required to start the server.',
    },
    'transport-stdio-env-removed': {
      level: 'info',
      surface: 'transport',
      direction: none,
      kind: 'connectivity',
      action: 'remove',
      mirror: 'transport-stdio-env-added',
      rationale: 'A variable is no longer declared; setting it is harmless.',
    },
    'transport-stdio-env-changed': {
      level: 'warning',
      surface: 'transport',
      direction: none,
      kind: 'connectivity',
      action: 'change',
      mirror: 'transport-stdio-env-changed',
      rationale: 'The documented value of a variable changed; configurations copying it may need an update.',
    },
  }),
  ...family('security', {
    'security-requirement-added': {
      level: 'breaking',
      surface: 'security',
      direction: 'input',
      kind: 'auth',
      action: 'add',
      mirror: 'security-requirement-removed',
      rationale:
        'Effective security went from anonymous/undeclared to required: unauthenticated clients fail.',
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
  }),
  ...family('security-schemes', {
    'security-scheme-added': {
      level: 'info',
      surface: 'security',
      direction: none,
      kind: 'auth',
      action: 'add',
      mirror: 'security-scheme-removed',
      rationale: 'A scheme in the catalogue is not a requirement by itself.',
    },
    'security-scheme-removed': {
      level: 'warning',
      surface: 'security',
      direction: none,
      kind: 'auth',
      action: 'remove',
      mirror: 'security-scheme-added',
      rationale: 'Clients configured with the scheme may lose a documented way to authenticate.',
    },
    'security-scheme-type-changed': {
      level: 'breaking',
      surface: 'security',
      direction: none,
      kind: 'auth',
      action: 'change',
      mirror: 'security-scheme-type-changed',
      rationale: 'Clients authenticate differently.',
    },
    'security-scheme-http-changed': {
      level: 'breaking',
      surface: 'security',
      direction: none,
      kind: 'auth',
      action: 'change',
      mirror: 'security-scheme-http-changed',
      rationale: 'HTTP auth scheme changed (e.g. bearer ↔ basic).',
    },
    'security-scheme-api-key-changed': {
      level: 'breaking',
      surface: 'security',
      direction: none,
      kind: 'auth',
      action: 'change',
      mirror: 'security-scheme-api-key-changed',
      rationale: 'The API key is expected under another name or in another place.',
    },
    'security-scheme-bearer-format-changed': {
      level: 'info',
      surface: 'security',
      direction: none,
      kind: 'metadata',
      action: 'change',
      mirror: 'security-scheme-bearer-format-changed',
      rationale: 'bearerFormat is documentation.',
    },
    'security-scheme-description-changed': {
      level: 'info',
      surface: 'security',
      direction: none,
      kind: 'prose',
      action: 'change',
      mirror: 'security-scheme-description-changed',
      rationale: 'Documentation only.',
    },
    'security-oauth-flow-added': {
      level: 'info',
      surface: 'security',
      direction: none,
      kind: 'auth',
      action: 'add',
      mirror: 'security-oauth-flow-removed',
      rationale: 'One more way to obtain a token.',
    },
    'security-oauth-flow-removed': {
      level: 'breaking',
      surface: 'security',
      direction: none,
      kind: 'auth',
      action: 'remove',
      mirror: 'security-oauth-flow-added',
      rationale: 'Clients using that flow cannot obtain tokens.',
    },
    'security-oauth-url-changed': {
      level: 'warning',
      surface: 'security',
      direction: none,
      kind: 'auth',
      action: 'change',
      mirror: 'security-oauth-url-changed',
      rationale:
        'Authorization, token or refresh URL changed; clients with pinned endpoints break, discovery-based ones do not.',
    },
    'security-oauth-scope-added': {
      level: 'info',
      surface: 'security',
      direction: none,
      kind: 'auth',
      action: 'add',
      mirror: 'security-oauth-scope-removed',
      rationale: 'A scope in the catalogue is not a requirement by itself.',
    },
    'security-oauth-scope-removed': {
      level: 'breaking',
      surface: 'security',
      direction: none,
      kind: 'auth',
      action: 'remove',
      mirror: 'security-oauth-scope-added',
      rationale: 'Clients requesting the scope fail.',
    },
    'security-oauth-scope-description-changed': {
      level: 'info',
      surface: 'security',
      direction: none,
      kind: 'prose',
      action: 'change',
      mirror: 'security-oauth-scope-description-changed',
      rationale: 'Consent-screen text only.',
    },
    'security-openid-connect-url-changed': {
      level: 'warning',
      surface: 'security',
      direction: none,
      kind: 'auth',
      action: 'change',
      mirror: 'security-openid-connect-url-changed',
      rationale: 'Discovery moves; clients with a pinned configuration break.',
    },
  }),
  ...family('capabilities', {
    'capability-added': {
      level: 'info',
      surface: 'capabilities',
      direction: none,
      kind: 'existence',
      action: 'add',
      mirror: 'capability-removed',
      rationale: 'The server now declares the capability.',
    },
    'capability-removed': {
      level: 'warning',
      surface: 'capabilities',
      direction: none,
      kind: 'existence',
      action: 'remove',
      mirror: 'capability-added',
      rationale:
        'No longer declared (omission never proves absence); clients relying on it should be checked.',
    },
    'capability-completions-removed': {
      level: 'breaking',
      surface: 'capabilities',
      direction: none,
      kind: 'existence',
      action: 'remove',
      mirror: 'capability-added',
      rationale: 'Clients calling `completion/complete` fail.',
    },
    'capability-tasks-removed': {
      level: 'breaking',
      surface: 'capabilities',
      direction: none,
      kind: 'existence',
      action: 'remove',
      mirror: 'capability-added',
      rationale: 'Clients using core tasks fail.',
    },
    'capability-list-changed-revoked': {
      level: 'warning',
      surface: 'capabilities',
      direction: none,
      kind: 'behaviour-hint',
      action: 'unset',
      mirror: 'capability-list-changed-granted',
      rationale: 'Clients relying on list-changed notifications go stale.',
    },
    'capability-list-changed-granted': {
      level: 'info',
      surface: 'capabilities',
      direction: none,
      kind: 'behaviour-hint',
      action: 'set',
      mirror: 'capability-list-changed-revoked',
      rationale: 'Clients may now subscribe to list changes.',
    },
    'capability-subscribe-revoked': {
      level: 'breaking',
      surface: 'capabilities',
      direction: none,
      kind: 'behaviour-hint',
      action: 'unset',
      mirror: 'capability-subscribe-granted',
      rationale: 'Clients calling `resources/subscribe` fail.',
    },
    'capability-subscribe-granted': {
      level: 'info',
      surface: 'capabilities',
      direction: none,
      kind: 'behaviour-hint',
      action: 'set',
      mirror: 'capability-subscribe-revoked',
      rationale: 'Resource subscriptions become available.',
    },
    'capability-tasks-feature-revoked': {
      level: 'breaking',
      surface: 'capabilities',
      direction: none,
      kind: 'behaviour-hint',
      action: 'unset',
      mirror: 'capability-tasks-feature-granted',
      rationale:
        'tasks.list, tasks.cancel or task-augmented tools/call is no longer declared; clients using it fail.',
    },
    'capability-tasks-feature-granted': {
      level: 'info',
      surface: 'capabilities',
      direction: none,
      kind: 'behaviour-hint',
      action: 'set',
      mirror: 'capability-tasks-feature-revoked',
      rationale: 'A task feature became available.',
    },
    'capability-extension-added': {
      level: 'info',
      surface: 'capabilities',
      direction: none,
      kind: 'existence',
      action: 'add',
      mirror: 'capability-extension-removed',
      rationale: 'The server declares a formal MCP extension.',
    },
    'capability-extension-removed': {
      level: 'warning',
      surface: 'capabilities',
      direction: none,
      kind: 'existence',
      action: 'remove',
      mirror: 'capability-extension-added',
      rationale: 'Clients using the extension may fail.',
    },
    'capability-extension-changed': {
      level: 'warning',
      surface: 'capabilities',
      direction: none,
      kind: 'values',
      action: 'change',
      mirror: 'capability-extension-changed',
      rationale: 'Extension settings changed; their meaning is defined by the extension.',
    },
    'capability-settings-changed': {
      level: 'info',
      surface: 'capabilities',
      direction: none,
      kind: 'values',
      action: 'change',
      mirror: 'capability-settings-changed',
      rationale: 'Open-ended settings (experimental, logging, completions, `x-*`) changed.',
    },
  }),
  ...family('components', {
    'component-added': {
      level: 'info',
      surface: 'components',
      direction: none,
      kind: 'existence',
      action: 'add',
      mirror: 'component-removed',
      rationale: 'An unreferenced component was added (referenced ones are compared at their use sites).',
    },
    'component-removed': {
      level: 'info',
      surface: 'components',
      direction: none,
      kind: 'existence',
      action: 'remove',
      mirror: 'component-added',
      rationale: 'An unreferenced component was removed.',
    },
    'component-changed': {
      level: 'info',
      surface: 'components',
      direction: none,
      kind: 'values',
      action: 'change',
      mirror: 'component-changed',
      rationale: 'An unreferenced component changed (referenced ones are compared at their use sites).',
    },
  }),
  ...family('info', {
    'info-name-changed': {
      level: 'warning',
      surface: 'info',
      direction: none,
      kind: 'metadata',
      action: 'change',
      mirror: 'info-name-changed',
      rationale:
        'The server identifier is used in client configs and tool namespacing (mcp__<server>__<tool>).',
    },
    'info-id-changed': {
      level: 'breaking',
      surface: 'info',
      direction: none,
      kind: 'metadata',
      action: 'change',
      mirror: 'info-id-changed',
      rationale: 'The logical server identity changed.',
    },
    'info-version-changed': {
      level: 'info',
      surface: 'info',
      direction: none,
      kind: 'metadata',
      action: 'change',
      mirror: 'info-version-changed',
      rationale: 'Release bookkeeping (see `mcpdesc changelog` for the suggested version).',
    },
    'info-title-changed': {
      level: 'info',
      surface: 'info',
      direction: none,
      kind: 'prose',
      action: 'change',
      mirror: 'info-title-changed',
      rationale: 'Display text only.',
    },
    'info-description-changed': {
      level: 'info',
      surface: 'info',
      direction: none,
      kind: 'prose',
      action: 'change',
      mirror: 'info-description-changed',
      rationale: 'Documentation only.',
    },
    'info-metadata-changed': {
      level: 'info',
      surface: 'info',
      direction: none,
      kind: 'metadata',
      action: 'change',
      mirror: 'info-metadata-changed',
      rationale: 'websiteUrl, icons, contact or license changed.',
    },
  }),
  ...family('tags', {
    'tag-added': {
      level: 'info',
      surface: 'tags',
      direction: none,
      kind: 'metadata',
      action: 'add',
      mirror: 'tag-removed',
      rationale: 'Catalogue entry added.',
    },
    'tag-removed': {
      level: 'info',
      surface: 'tags',
      direction: none,
      kind: 'metadata',
      action: 'remove',
      mirror: 'tag-added',
      rationale: 'Catalogue entry removed (clients filtering by tag may need an update).',
    },
    'tag-description-changed': {
      level: 'info',
      surface: 'tags',
      direction: none,
      kind: 'prose',
      action: 'change',
      mirror: 'tag-description-changed',
      rationale: 'Documentation only.',
    },
    'tag-order-changed': {
      level: 'info',
      surface: 'tags',
      direction: none,
      kind: 'metadata',
      action: 'change',
      mirror: 'tag-order-changed',
      rationale: 'Root tag order is display priority.',
    },
  }),
];

const BY_ID = new Map(RULES.map((rule) => [rule.id, rule]));

export type RuleId = string;

export function ruleMeta(id: string): RuleMeta {
  const rule = BY_ID.get(id);
  if (!rule) throw new Error(`unknown diff rule ${id}`);
  return rule;
}

export function isRuleId(id: string): boolean {
  return BY_ID.has(id);
}

export function fixturePath(rule: RuleMeta): string {
  return `test/fixtures/diff/rules/${rule.family}.yaml`;
}
