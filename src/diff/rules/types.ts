import type { RuleId } from '../rules.js';
import type { ChangeLevel } from '../types.js';

/**
 * The shapes of the diff rule registry. Each family module (./<family>.ts) is an `as const` object
 * checked against `RuleDefs`, so the ids stay literal types and `RuleId` (../rules.ts) is their union.
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

/** Fixture files live in test/fixtures/diff/rules/<family>.yaml (`files`: the Action's file-level events). */
export type Family =
  | 'files'
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
  id: RuleId;
  level: ChangeLevel;
  surface: Surface;
  direction: Direction;
  kind: RuleKind;
  action: Action;
  /** One line: why the default level is what it is. */
  rationale: string;
  family: Family;
  /** The rule reported when the same fixture is diffed the other way round. */
  mirror?: RuleId;
  /** The change touches text a model reads when choosing or calling a primitive (tool-poisoning review). */
  modelVisible?: boolean;
  /** The level comes from the schema compatibility engine per keyword; `level` is the usual one. */
  levelFromEngine?: boolean;
  /**
   * Message templates: `{name}` is a parameter the emitting check passes (already formatted, e.g.
   * quoted with backticks); `default` is the usual phrasing, other keys are variants of one rule.
   */
  messages: MessageTemplates;
}

export type MessageTemplates = Readonly<Record<string, string>>;

/** One rule as a family module writes it: the id is the key, the family is the module. */
export type RuleDef = Omit<RuleMeta, 'id' | 'family' | 'mirror'> & { mirror?: string };

export type RuleDefs = Readonly<Record<string, RuleDef>>;
