import { CAPABILITIES_RULES } from './rules/capabilities.js';
import { CLIENT_REQUIREMENTS_RULES } from './rules/client-requirements.js';
import { COMPONENTS_RULES } from './rules/components.js';
import { ELICITATIONS_RULES } from './rules/elicitations.js';
import { EXAMPLES_RULES } from './rules/examples.js';
import { FILES_RULES } from './rules/files.js';
import { INFO_RULES } from './rules/info.js';
import { PRIMITIVES_RULES } from './rules/primitives.js';
import { PROMPTS_RULES } from './rules/prompts.js';
import { PROTOCOL_RULES } from './rules/protocol.js';
import { RESOURCES_RULES } from './rules/resources.js';
import { SECURITY_RULES } from './rules/security.js';
import { SECURITY_SCHEMES_RULES } from './rules/security-schemes.js';
import { TAGS_RULES } from './rules/tags.js';
import { TOOL_ANNOTATIONS_RULES } from './rules/tool-annotations.js';
import { TOOL_EXECUTION_RULES } from './rules/tool-execution.js';
import { TOOL_SCHEMAS_RULES } from './rules/tool-schemas.js';
import { TRANSPORTS_RULES } from './rules/transports.js';
import type { Family, RuleDef, RuleMeta } from './rules/types.js';

/**
 * THE registry of diff rules, assembled from one module per family (./rules/<family>.ts, as oasdiff's
 * checker/rules.go). Every change the engine can emit names one of these ids and renders its message
 * from the rule's templates; docs/rules.md is generated from it (scripts/gen-diff-docs.mjs).
 * test/diff/rule-tester.test.ts fails when a rule has no tester row in
 * test/fixtures/diff/rules/<family>.yaml, test/diff/rules.test.ts when docs or a mirror are missing.
 *
 * Ids are stable API (ignore files and baselines name them): add new ones, never rename.
 */

export type {
  Action,
  Direction,
  Family,
  RuleDef,
  RuleDefs,
  RuleKind,
  RuleMeta,
  Surface,
} from './rules/types.js';

/** Order here is the order of docs/rules.md. */
const FAMILIES = {
  protocol: PROTOCOL_RULES,
  primitives: PRIMITIVES_RULES,
  'tool-schemas': TOOL_SCHEMAS_RULES,
  'tool-annotations': TOOL_ANNOTATIONS_RULES,
  'tool-execution': TOOL_EXECUTION_RULES,
  examples: EXAMPLES_RULES,
  prompts: PROMPTS_RULES,
  resources: RESOURCES_RULES,
  elicitations: ELICITATIONS_RULES,
  'client-requirements': CLIENT_REQUIREMENTS_RULES,
  transports: TRANSPORTS_RULES,
  security: SECURITY_RULES,
  'security-schemes': SECURITY_SCHEMES_RULES,
  capabilities: CAPABILITIES_RULES,
  components: COMPONENTS_RULES,
  info: INFO_RULES,
  tags: TAGS_RULES,
  files: FILES_RULES,
} as const satisfies Record<Family, Readonly<Record<string, RuleDef>>>;

type Families = typeof FAMILIES;

/** The closed union of registered ids: an id that no family module registers does not typecheck. */
export type RuleId = { [F in keyof Families]: keyof Families[F] & string }[keyof Families];

/** Mirrors must name registered rules (checked here, not in the family modules, to avoid a cycle). */
type UnregisteredMirrors = {
  [F in keyof Families]: {
    [K in keyof Families[F]]: Families[F][K] extends { mirror: infer M } ? Exclude<M, RuleId> : never;
  }[keyof Families[F]];
}[keyof Families];
const mirrorsChecked: [UnregisteredMirrors] extends [never] ? true : UnregisteredMirrors = true;
void mirrorsChecked;

/** The definition of one registered rule, as its family module writes it. */
type DefOf<R extends RuleId> = {
  [F in keyof Families]: R extends keyof Families[F] ? Families[F][R] : never;
}[keyof Families];

type Placeholders<T extends string> = T extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

type TemplatesOf<R extends RuleId> = DefOf<R> extends { messages: infer M } ? M : never;

/**
 * What a check passes to render a rule's message: the variant (omitted for `default`) and exactly
 * the parameters that template names. Distributes over a union of ids, so `cond ? 'a' : 'b'` works
 * when both templates take the same parameters.
 */
export type MessageArgs<R extends RuleId> = R extends RuleId
  ? {
      [V in keyof TemplatesOf<R> & string]: (V extends 'default'
        ? { variant?: 'default' }
        : { variant: V }) & {
        readonly [P in Placeholders<TemplatesOf<R>[V] & string>]: string;
      };
    }[keyof TemplatesOf<R> & string]
  : never;

export const RULES: readonly RuleMeta[] = Object.entries(FAMILIES).flatMap(([family, defs]) =>
  Object.entries(defs as Readonly<Record<string, RuleDef>>).map(
    ([id, def]) => ({ id, family, ...def }) as RuleMeta,
  ),
);

const BY_ID = new Map<string, RuleMeta>(RULES.map((rule) => [rule.id, rule]));

export function ruleMeta(id: string): RuleMeta {
  const rule = BY_ID.get(id);
  if (!rule) throw new Error(`unknown diff rule ${id}`);
  return rule;
}

export function isRuleId(id: string): id is RuleId {
  return BY_ID.has(id);
}

/** The rule's message: its template (`variant`, else `default`) with the `{name}` parameters filled in. */
export function renderMessage<R extends RuleId>(id: R, args: MessageArgs<R>): string {
  const { variant = 'default', ...params } = args as { variant?: string } & Record<string, string>;
  const template = ruleMeta(id).messages[variant];
  if (template === undefined) throw new Error(`diff rule ${id} has no message ${variant}`);
  return template.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`diff rule ${id}: message ${variant} needs {${name}}`);
    return value;
  });
}

export function fixturePath(rule: RuleMeta): string {
  return `test/fixtures/diff/rules/${rule.family}.yaml`;
}
