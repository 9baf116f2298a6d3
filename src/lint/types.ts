/**
 * The lint rule model. A rule is data (id, description, default severity, message template, help)
 * plus ONE function: a built-in from src/lint/functions/ or a custom one from a local ESM module named
 * in the config. Rules run over typed subjects (src/lint/subjects.ts) so authors do not need JSONPath
 * for the common cases; a JSONPath `given` is there for the rest.
 */
import type { Severity } from '../model/finding.js';
import type { JsonValue } from '../util/json.js';

export const SUBJECT_TYPES = [
  'Document',
  'Info',
  'Transport',
  'SecurityScheme',
  'Tool',
  'ToolInputSchema',
  'ToolOutputSchema',
  'ToolInputProperty',
  'ToolOutputProperty',
  'Prompt',
  'PromptArgument',
  'Resource',
  'ResourceTemplate',
  'Elicitation',
  'Example',
  'Tag',
] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

export function isSubjectType(value: string): value is SubjectType {
  return (SUBJECT_TYPES as readonly string[]).includes(value);
}

/**
 * One typed thing in the document, with the JSON pointer where its value sits. Subjects built by the
 * engine have every member (undefined where it does not apply), so all of them share one shape.
 */
export interface Subject {
  type: SubjectType;
  pointer: string;
  value: JsonValue;
  /**
   * What messages call it: a Tool/Prompt/argument/tag name, a transport type, a property name, a
   * security scheme or example name.
   */
  name: string;
  /** The declaration the subject belongs to (the Tool of a property, the Prompt of an argument...). */
  parent?: Subject | undefined;
  /** Schema subjects and properties: nesting depth below the root schema (root schema = 0, its properties = 1). */
  depth?: number | undefined;
  /** Schema subjects: the keyword that led here (`properties`, `items`, `allOf`...; root: undefined). */
  via?: string | undefined;
  /** Properties: listed in the parent schema's `required`. */
  required?: boolean | undefined;
  /** Example: `tool`, `resource`, `resourceTemplate`, `prompt` (+ `-interaction` / `-completion`). */
  kind?: string | undefined;
}

export type RuleSeverity = Severity | 'off';
export const RULE_SEVERITIES: readonly RuleSeverity[] = ['error', 'warning', 'info', 'hint', 'off'];

/** What a function reports; the engine turns it into a Finding. */
export interface FunctionResult {
  message: string;
  /** Segments below the target value (e.g. an array index or an object key). */
  path?: readonly (string | number)[];
  /** An absolute pointer instead of `path` (document-level functions reporting on other subjects). */
  pointer?: string;
  /** Point at the member's key instead of its value (object members only). */
  atKey?: boolean;
}

export interface FunctionContext {
  /** The subject being checked (for JSONPath rules, a pseudo-subject for the matched value). */
  subject: Subject;
  /** Pointer of the target value (the subject, or its `field`). */
  pointer: string;
  /** The whole document. */
  document: JsonValue;
  /**
   * The document's subjects by type, built in the same traversal: every type for a custom function,
   * the types its `readsSubjects` names for a built-in.
   */
  subjects: ReadonlyMap<SubjectType, readonly Subject[]>;
  ruleId: string;
}

export type LintFunction<O = Record<string, unknown>> = (
  target: JsonValue | undefined,
  options: O,
  context: FunctionContext,
) => FunctionResult[] | undefined;

export interface FunctionDefinition {
  name: string;
  description: string;
  /** JSON Schema for the options; checked when the config is loaded. */
  optionsSchema?: Record<string, unknown>;
  /**
   * The function has something to say about an absent target (`defined`, `usefulText`...). Others are
   * not called for absent fields: most rules look at optional fields, and skipping saves the call.
   */
  handlesMissing?: boolean;
  /**
   * The subject types the function reads from `context.subjects`, given its options. A built-in
   * without it never reads them and runs while the document is walked; one with it, and every custom
   * function (which may read any type), runs once the walk has listed the subjects it reads.
   */
  readsSubjects?: (options: never) => readonly string[];
  /**
   * Built-ins only, besides `readsSubjects`: for a rule given the Document (no field, no `when`),
   * a fold that takes the subjects it reads as the walk makes them and gives the same results as
   * `fn` once the walk is over, so the engine need not keep them. Undefined for options that need
   * the subjects kept; `fn` then runs after the walk.
   */
  fold?: (options: never) => SubjectFold | undefined;
  fn: LintFunction<never>;
}

/** What a function folds the subjects it reads into, one subject at a time (see `fold`). */
export interface SubjectFold {
  /** The subject types it takes. */
  readonly types: readonly SubjectType[];
  /** Called with each subject of `types`, in the order of the walk. */
  add(subject: Subject): void;
  /** The function's results, once every subject has been added. */
  results(): FunctionResult[];
}

/** Condition on the subject value: field path -> value, list of values, or `{defined: bool}`. */
export type WhenCondition = Record<string, JsonValue>;

/** A fully resolved rule: the ruleset/config data after `extends`, re-levelling and options. */
export interface RuleDefinition {
  id: string;
  description: string;
  /** Template: `{{error}}` (the function's message), `{{value}}`, `{{property}}`, `{{name}}`, `{{type}}`, `{{path}}`. */
  message?: string;
  severity: RuleSeverity;
  /** Subject types, or JSONPath expressions starting with `$`. */
  given: string[];
  /** Path below the subject value (dot-separated; `@key` = the subject's own name/key). One or several. */
  field?: string[];
  when?: WhenCondition;
  function: string;
  functionOptions: Record<string, unknown>;
  help?: string;
  /** Validation diagnostics (spec conformance codes) merged into lint. */
  validation?: 'invalid' | 'warning';
  /** Ruleset or config file that defined the rule. */
  source: string;
}
