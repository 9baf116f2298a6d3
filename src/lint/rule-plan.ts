/**
 * The plan of one lint run for one file: the config's rules after the file's overrides, compiled once
 * (fields split, `when` conditions turned into tests, JSONPath `given`s parsed) and indexed by subject
 * type. Plans are cached per config and set of applying overrides.
 */
import { relative } from 'node:path';
import { isJsonObject, type JsonValue } from '../util/json.js';
import type { Override, ResolvedConfig, RuleChange } from './config.js';
import { isBuiltinFunction } from './functions/index.js';
import { matchesAny, toPosix } from './glob.js';
import { parseJsonPath } from './jsonpath.js';
import { matchesPointerPattern } from './pointer-pattern.js';
import {
  type FunctionContext,
  type FunctionDefinition,
  isSubjectType,
  type RuleDefinition,
  SUBJECT_TYPES,
  type Subject,
  type SubjectType,
} from './types.js';

export type LintResults = ReturnType<FunctionDefinition['fn']>;

/** `@key`: the subject's own name (a property name, a map key). */
export const KEY_FIELD = Symbol('@key');
export type CompiledField = undefined | typeof KEY_FIELD | { text: string; segments: string[] };

/**
 * A rule ready to run. What `run` reads for every subject is copied here, so `run` sees one object
 * shape whatever the rule (rule definitions and functions come in many shapes).
 */
export interface CompiledRule {
  rule: RuleDefinition;
  fn: FunctionDefinition;
  id: string;
  call: (target: JsonValue | undefined, options: unknown, context: FunctionContext) => LintResults;
  options: unknown;
  handlesMissing: boolean;
  /**
   * A built-in function that takes no context parameter: it is called without one, which spares
   * an object per call (≈ 100,000 on a catalog). Custom functions always get one.
   */
  contextFree: boolean;
  fields: CompiledField[];
  /** `when`, its keys read once: the engine tests it for every subject of the rule's types. */
  when: CompiledCondition[] | undefined;
  /** JSONPath `given`s, parsed. */
  paths: ReturnType<typeof parseJsonPath>[];
}

/** One `when` entry as a test of a subject. */
export type CompiledCondition = (subject: Subject) => boolean;

function compileWhen(when: Record<string, JsonValue> | undefined): CompiledCondition[] | undefined {
  if (when === undefined) return undefined;
  return Object.keys(when).map((key) => compileCondition(readerOf(key), when[key] as JsonValue));
}

function readerOf(key: string): (subject: Subject) => JsonValue | undefined {
  if (key === '$depth') return (subject) => subject.depth;
  if (key === '$required') return (subject) => subject.required ?? false;
  if (key === '$kind') return (subject) => subject.kind;
  if (key === '$name') return (subject) => subject.name;
  if (key === '$via') return (subject) => subject.via;
  const segments = key.split('.');
  return (subject) => fieldValue(subject.value, segments);
}

/**
 * `{ defined }`, `{ not }`, `{ in }` (together or apart), a list of allowed values, or one value.
 * Tested for every subject of the rule's types: the common case, one plain value, is one `===`.
 */
function compileCondition(
  read: (subject: Subject) => JsonValue | undefined,
  cond: JsonValue,
): CompiledCondition {
  if (isJsonObject(cond)) {
    const defined = Object.hasOwn(cond, 'defined') ? cond.defined : undefined;
    const hasNot = Object.hasOwn(cond, 'not');
    const not = cond.not;
    const allowed = Object.hasOwn(cond, 'in') && Array.isArray(cond.in) ? cond.in : undefined;
    return (subject) => {
      const actual = read(subject);
      if (defined !== undefined && (actual !== undefined) !== defined) return false;
      if (hasNot && actual !== undefined && sameValue(actual, not)) return false;
      return allowed === undefined || allowed.some((v) => sameValue(v, actual));
    };
  }
  if (Array.isArray(cond))
    return (subject) => {
      const actual = read(subject);
      return cond.some((v) => sameValue(v, actual));
    };
  return (subject) => read(subject) === cond;
}

export interface FilePlan {
  rules: Map<string, RuleDefinition>;
  /** Rules run on each subject as the walk makes it: their functions never read `context.subjects`. */
  walked: Map<SubjectType, CompiledRule[]>;
  /** Rules whose functions read `context.subjects`: run once the walk is over. */
  afterWalk: Map<SubjectType, CompiledRule[]>;
  /**
   * The subject types the walk keeps (the `afterWalk` rules' own and those their functions read).
   * The others are checked as they are made and dropped at once: a catalog's tens of thousands of
   * schema subjects then never outlive the young generation, where they cost the collector nothing.
   */
  kept: Set<SubjectType>;
  /**
   * Document rules whose functions fold the subjects they read as the walk makes them (`fold`):
   * one fold per document, and nothing kept for them.
   */
  folded: CompiledRule[];
  pathRules: CompiledRule[];
  /** Overrides with pointers that apply to this file. */
  pointerOverrides: Override[];
}

const planCache = new WeakMap<ResolvedConfig, Map<string, FilePlan>>();

export function relativeTo(baseDir: string, filePath: string): string {
  const rel = toPosix(relative(baseDir, filePath));
  return rel.startsWith('../') ? toPosix(filePath) : rel;
}

function applyChange(rule: RuleDefinition, change: RuleChange): RuleDefinition {
  const next = { ...rule };
  if (change.severity) next.severity = change.severity;
  if (change.options) next.functionOptions = { ...rule.functionOptions, ...change.options };
  return next;
}

export function planFor(config: ResolvedConfig, filePath: string): FilePlan {
  let cache = planCache.get(config);
  if (!cache) planCache.set(config, (cache = new Map()));
  const fileOverrides = config.overrides.filter(
    (o) => o.files === undefined || matchesAny(relativeTo(o.baseDir, filePath), o.files),
  );
  const key = fileOverrides.map((o) => config.overrides.indexOf(o)).join(',');
  const cached = cache.get(key);
  if (cached) return cached;
  const rules = new Map(config.rules);
  for (const override of fileOverrides) {
    if (override.pointers) continue;
    for (const [id, change] of override.rules) {
      const rule = rules.get(id);
      if (rule) rules.set(id, applyChange(rule, change));
    }
  }
  const pointerOverrides = fileOverrides.filter((o) => o.pointers);
  const pointerRuleIds = new Set(pointerOverrides.flatMap((o) => [...o.rules.keys()]));
  const walked = new Map<SubjectType, CompiledRule[]>();
  const afterWalk = new Map<SubjectType, CompiledRule[]>();
  const kept = new Set<SubjectType>();
  const folded: CompiledRule[] = [];
  const pathRules: CompiledRule[] = [];
  for (const rule of rules.values()) {
    if (rule.validation) continue;
    if (rule.severity === 'off' && !pointerRuleIds.has(rule.id)) continue;
    const fn = config.functions.get(rule.function);
    if (!fn) continue;
    const builtin = isBuiltinFunction(fn);
    const fields: CompiledField[] = rule.field
      ? rule.field.map((f) => (f === '@key' ? KEY_FIELD : { text: f, segments: f.split('.') }))
      : [undefined];
    const compiled: CompiledRule = {
      rule,
      fn,
      id: rule.id,
      call: fn.fn as CompiledRule['call'],
      options: rule.functionOptions,
      handlesMissing: fn.handlesMissing === true,
      contextFree: builtin && fn.fn.length < 3,
      fields,
      when: compileWhen(rule.when),
      paths: [],
    };
    if (builtin && folds(fn, rule, pointerRuleIds.has(rule.id))) {
      folded.push(compiled);
      continue;
    }
    const reads = subjectsRead(fn, builtin, rule, pointerRuleIds.has(rule.id));
    for (const type of reads) kept.add(type);
    const byType = reads.length > 0 ? afterWalk : walked;
    for (const given of rule.given) {
      if (given.startsWith('$')) compiled.paths.push(parseJsonPath(given));
      else {
        const type = given as SubjectType;
        if (reads.length > 0) kept.add(type);
        let list = byType.get(type);
        if (!list) byType.set(type, (list = []));
        list.push(compiled);
      }
    }
    if (compiled.paths.length > 0) pathRules.push(compiled);
  }
  const plan: FilePlan = { rules, walked, afterWalk, kept, folded, pathRules, pointerOverrides };
  cache.set(key, plan);
  return plan;
}

/**
 * Whether a built-in rule runs as a fold: given only the Document (one run per document), without a
 * field or a `when`, options no pointer override changes, and a function that folds with them.
 */
function folds(fn: FunctionDefinition, rule: RuleDefinition, overridden: boolean): boolean {
  if (fn.fold === undefined || overridden || rule.field !== undefined || rule.when !== undefined)
    return false;
  if (rule.given.length !== 1 || rule.given[0] !== 'Document') return false;
  return (fn.fold as (options: unknown) => unknown)(rule.functionOptions) !== undefined;
}

/**
 * The subject types a rule's function reads from `context.subjects`: what a built-in declares
 * (`readsSubjects`), every type for a custom function that does not declare it, and every type
 * when pointer overrides may change the options the declaration depends on.
 */
function subjectsRead(
  fn: FunctionDefinition,
  builtin: boolean,
  rule: RuleDefinition,
  overridden: boolean,
): readonly SubjectType[] {
  if (fn.readsSubjects === undefined) return builtin ? [] : SUBJECT_TYPES;
  if (overridden) return SUBJECT_TYPES;
  const declared = (fn.readsSubjects as (options: unknown) => unknown)(rule.functionOptions);
  if (!Array.isArray(declared)) return SUBJECT_TYPES;
  return declared.filter((type): type is SubjectType => typeof type === 'string' && isSubjectType(type));
}

export function effectiveRule(
  rule: RuleDefinition,
  overrides: readonly Override[],
  pointer: string,
): RuleDefinition {
  let out = rule;
  for (const override of overrides) {
    const change = override.rules.get(rule.id);
    if (change && override.pointers?.some((p) => matchesPointerPattern(p, pointer)))
      out = applyChange(out, change);
  }
  return out;
}

// ---------------------------------------------------------------- helpers

export function fieldValue(value: JsonValue, segments: readonly string[]): JsonValue | undefined {
  let current: JsonValue | undefined = value;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
    else if (isJsonObject(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

export function conditionHolds(subject: Subject, when: readonly CompiledCondition[]): boolean {
  for (let i = 0; i < when.length; i++) if (!(when[i] as CompiledCondition)(subject)) return false;
  return true;
}

export function sameValue(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
