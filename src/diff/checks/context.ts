import { DEFAULT_SCHEMA_SEMANTICS, type SchemaSemantics } from '../../schema/index.js';
import { isJsonObject, type JsonObject, type JsonValue, jsonEqual } from '../../util/json.js';
import type { StructuralDiff } from '../compare.js';
import type { Side } from '../normalize.js';
import { type MessageArgs, type RuleId, renderMessage } from '../rules.js';
import type { DiffNote, Subject } from '../types.js';

/**
 * A change as a check reports it: pointers are into the RESOLVED documents (the engine maps them to
 * original pointers and lines), `path` is the semantic place used for folding and fingerprints
 * (relative to the subject, free of array indices of top-level declarations).
 */
export interface RawChange {
  ruleId: RuleId;
  subject: Subject;
  revisions: string[];
  message: string;
  path: string;
  before?: string;
  after?: string;
  details?: Record<string, JsonValue>;
  /** Distinguishes changes of one rule at one path (e.g. a schema keyword kind); part of the fingerprint. */
  discriminator?: string;
  /** Overrides the rule's default level (schema rules, whose level the schema engine decides). */
  level?: 'breaking' | 'warning' | 'info';
}

export interface EmitOptions {
  path: string;
  before?: string | undefined;
  after?: string | undefined;
  details?: Record<string, JsonValue> | undefined;
  discriminator?: string | undefined;
  level?: 'breaking' | 'warning' | 'info' | undefined;
}

export class CheckContext {
  readonly changes: RawChange[] = [];
  /** Said about the comparison as a whole, not about one change. */
  readonly notes: DiffNote[] = [];
  constructor(
    readonly diff: StructuralDiff,
    /** How tool schemas are read as contracts (docs/schema-compat.md). */
    readonly schemaSemantics: SchemaSemantics = DEFAULT_SCHEMA_SEMANTICS,
  ) {}

  get old(): Side {
    return this.diff.old;
  }

  get new(): Side {
    return this.diff.new;
  }

  /** Reports a change whose message is rendered from the rule's template in the registry. */
  report<R extends RuleId>(
    ruleId: R,
    subject: Subject,
    revisions: readonly string[],
    message: MessageArgs<R>,
    options: EmitOptions,
  ): void {
    this.emit(ruleId, subject, revisions, renderMessage(ruleId, message), options);
  }

  /** Records a change whose message is already rendered (only `report` calls it). */
  private emit(
    ruleId: RuleId,
    subject: Subject,
    revisions: readonly string[],
    message: string,
    options: EmitOptions,
  ): void {
    const change: RawChange = { ruleId, subject, revisions: [...revisions], message, path: options.path };
    if (options.before !== undefined) change.before = options.before;
    if (options.after !== undefined) change.after = options.after;
    if (options.details !== undefined) change.details = options.details;
    if (options.discriminator !== undefined) change.discriminator = options.discriminator;
    if (options.level !== undefined) change.level = options.level;
    this.changes.push(change);
  }
}

/** A field's value in a message: `absent` when it is not there (null is a value of its own). */
export function qa(value: JsonValue | undefined): string {
  return value === undefined ? 'absent' : q(value);
}

/** `name` in messages; formatters escape what they print. */
export function q(value: JsonValue | undefined): string {
  if (typeof value === 'string') return `\`${value}\``;
  const text = JSON.stringify(value) ?? 'undefined';
  return `\`${text.length > 80 ? `${text.slice(0, 77)}...` : text}\``;
}

export function has(obj: JsonObject | undefined, key: string): boolean {
  return obj !== undefined && Object.hasOwn(obj, key);
}

export function get(obj: JsonValue | undefined, key: string): JsonValue | undefined {
  return isJsonObject(obj) && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

export function obj(value: JsonValue | undefined): JsonObject | undefined {
  return isJsonObject(value) ? value : undefined;
}

export function same(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return jsonEqual(a, b);
}

/** Own keys of two objects, in a stable order (old order first, then new-only keys). */
export function unionKeys(a: JsonObject | undefined, b: JsonObject | undefined): string[] {
  const keys = new Set<string>(a ? Object.keys(a) : []);
  for (const k of b ? Object.keys(b) : []) keys.add(k);
  return [...keys];
}

/**
 * Reports a prose field that changed, with both texts in `details` (formatters show a word diff).
 * Adding or removing the text counts as changing it from / to the empty string.
 */
export function prose<R extends RuleId>(
  ctx: CheckContext,
  ruleId: R,
  subject: Subject,
  revisions: readonly string[],
  /** The parameters of the rule's templates; its variants are `default` (changed), `added`, `removed`. */
  params: Readonly<Record<string, string>>,
  oldValue: JsonValue | undefined,
  newValue: JsonValue | undefined,
  path: string,
  before: string | undefined,
  after: string | undefined,
  extra: Record<string, JsonValue> = {},
): void {
  if (same(oldValue, newValue)) return;
  const variant = oldValue === undefined ? 'added' : newValue === undefined ? 'removed' : 'default';
  const details: Record<string, JsonValue> = { ...extra };
  if (oldValue !== undefined) details.old = oldValue;
  if (newValue !== undefined) details.new = newValue;
  const message = { ...params, variant } as unknown as MessageArgs<R>;
  ctx.report(ruleId, subject, revisions, message, { path, before, after, details });
}
