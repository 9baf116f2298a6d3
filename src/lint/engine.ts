/**
 * The lint engine: validation first (spec conformance diagnostics, under their own codes), then one
 * traversal of the document into typed subjects, then every enabled rule run on the subjects of the
 * types it asked for (rules are indexed by subject type; JSONPath rules query once per document).
 *
 * Severity of a finding comes from the rule, re-levelled by file-glob overrides and then by pointer
 * overrides matching the finding's pointer. Suppression: `x-mcpdesc-ignore: [rule-id, ...]` on the
 * object concerned or any object containing it, and config `ignore` entries. Validation errors that
 * make a document invalid are never suppressed (they can only be re-levelled in the config).
 */

import { relative } from 'node:path';
import type { Finding, Severity } from '../model/finding.js';
import type { LoadedDocument } from '../parse/index.js';
import { isJsonObject, type JsonValue } from '../util/json.js';
import { appendPointer, getAtPointer, parentPointer, parsePointer } from '../util/pointer.js';
import { compareFindings, validateDocument } from '../validate/index.js';
import { isInvalidatingCode, type Override, type ResolvedConfig, type RuleChange } from './config.js';
import { BUILTIN_FUNCTIONS } from './functions/index.js';
import { describeValue, escapeInvisible } from './functions/text.js';
import { matchesAny, toPosix } from './glob.js';
import { type PathMatch, parseJsonPath, queryJsonPath } from './jsonpath.js';
import { buildSubjects, type LabelledSubject, makeSubject } from './subjects.js';
import type {
  FunctionContext,
  FunctionDefinition,
  FunctionResult,
  RuleDefinition,
  Subject,
  SubjectType,
} from './types.js';

export const INLINE_IGNORE_KEY = 'x-mcpdesc-ignore';

export interface LintOptions {
  /** Run spec validation first and merge its diagnostics (default true). */
  validate?: boolean;
  /** Path matched against override and ignore `files` globs (default: the document's file name). */
  filePath?: string;
  /** "Today" for `ignore` expiry (default: now). */
  now?: Date;
}

export interface LintResult {
  file: string;
  findings: Finding[];
  /** No validation error (whatever its re-levelled severity): the document conforms. */
  valid: boolean;
  /** False when validation could not complete some check. */
  complete: boolean;
  /** Findings removed by inline or config suppressions. */
  suppressed: number;
}

const SUBJECT_LABEL: Record<SubjectType, string> = {
  Document: 'Document',
  Info: 'Info',
  Transport: 'Transport',
  SecurityScheme: 'Security scheme',
  Tool: 'Tool',
  ToolInputSchema: 'Input schema',
  ToolOutputSchema: 'Output schema',
  ToolInputProperty: 'Input property',
  ToolOutputProperty: 'Output property',
  Prompt: 'Prompt',
  PromptArgument: 'Prompt argument',
  Resource: 'Resource',
  ResourceTemplate: 'Resource template',
  Elicitation: 'Elicitation',
  Example: 'Example',
  Tag: 'Tag',
};

/** `Tool "x"`, `Input property "a" of Tool "x"`: the {{subject}} of messages, once per subject. */
export function subjectLabel(subject: Subject): string {
  // Subjects of buildSubjects keep their label; one made elsewhere has no field for it.
  const kept = subject as Partial<LabelledSubject>;
  if (kept.label !== undefined) return kept.label;
  const label = describeSubject(subject);
  if ('label' in kept) kept.label = label;
  return label;
}

function describeSubject(subject: Subject): string {
  if (subject.kind === 'path') return `Value at ${subject.pointer || '/'}`;
  const parent = subject.parent;
  if (subject.type === 'ToolInputSchema' || subject.type === 'ToolOutputSchema') {
    // The Tool's own label, when it is the Tool of that name (it usually is, and is labelled already).
    const tool =
      parent?.type === 'Tool' && parent.name === subject.name
        ? subjectLabel(parent)
        : `Tool ${describeValue(subject.name)}`;
    return `${SUBJECT_LABEL[subject.type]} of ${tool}`;
  }
  const own = `${SUBJECT_LABEL[subject.type]}${subject.type === 'Document' ? '' : ` ${describeValue(subject.name)}`}`;
  if (parent && parent.type !== 'Document') return `${own} of ${subjectLabel(parent)}`;
  return own;
}

// ---------------------------------------------------------------- pointer patterns

/**
 * True when `pointer` is at or below a place the pattern names (`*` one segment, `**` any number).
 * The pattern is walked once, keeping every depth of the pointer it can have reached: trying each
 * split for each `**` in turn took the pointer's depth to the power of the `**`s.
 */
export function matchesPointerPattern(pattern: string, pointer: string): boolean {
  const want = parsePointer(pattern);
  const have = parsePointer(pointer);
  // reached[j]: the pattern so far can end having matched the first j segments of the pointer
  let reached: boolean[] = [true];
  for (const segment of want) {
    const next: boolean[] = [];
    let any = false;
    if (segment === '**') {
      const first = reached.indexOf(true);
      for (let j = first; j <= have.length; j++) next[j] = any = true;
    } else {
      for (let j = 0; j < have.length; j++) {
        if (reached[j] && (segment === '*' || segment === have[j])) next[j + 1] = any = true;
      }
    }
    if (!any) return false;
    reached = next;
  }
  // prefix: everything below a matched place matches too
  return true;
}

// ---------------------------------------------------------------- compiled rules

type LintResults = ReturnType<FunctionDefinition['fn']>;

/** `@key`: the subject's own name (a property name, a map key). */
const KEY_FIELD = Symbol('@key');
type CompiledField = undefined | typeof KEY_FIELD | { text: string; segments: string[] };

/**
 * A rule ready to run. What `run` reads for every subject is copied here, so `run` sees one object
 * shape whatever the rule (rule definitions and functions come in many shapes).
 */
interface CompiledRule {
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
type CompiledCondition = (subject: Subject) => boolean;

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

interface FilePlan {
  rules: Map<string, RuleDefinition>;
  byType: Map<SubjectType, CompiledRule[]>;
  pathRules: CompiledRule[];
  /** Overrides with pointers that apply to this file. */
  pointerOverrides: Override[];
}

const planCache = new WeakMap<ResolvedConfig, Map<string, FilePlan>>();

function relativeTo(baseDir: string, filePath: string): string {
  const rel = toPosix(relative(baseDir, filePath));
  return rel.startsWith('../') ? toPosix(filePath) : rel;
}

function applyChange(rule: RuleDefinition, change: RuleChange): RuleDefinition {
  const next = { ...rule };
  if (change.severity) next.severity = change.severity;
  if (change.options) next.functionOptions = { ...rule.functionOptions, ...change.options };
  return next;
}

function planFor(config: ResolvedConfig, filePath: string): FilePlan {
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
  const byType = new Map<SubjectType, CompiledRule[]>();
  const pathRules: CompiledRule[] = [];
  for (const rule of rules.values()) {
    if (rule.validation) continue;
    if (rule.severity === 'off' && !pointerRuleIds.has(rule.id)) continue;
    const fn = config.functions.get(rule.function);
    if (!fn) continue;
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
      contextFree: BUILTIN_FUNCTIONS.get(fn.name) === fn && fn.fn.length < 3,
      fields,
      when: compileWhen(rule.when),
      paths: [],
    };
    for (const given of rule.given) {
      if (given.startsWith('$')) compiled.paths.push(parseJsonPath(given));
      else {
        const type = given as SubjectType;
        let list = byType.get(type);
        if (!list) byType.set(type, (list = []));
        list.push(compiled);
      }
    }
    if (compiled.paths.length > 0) pathRules.push(compiled);
  }
  const plan: FilePlan = { rules, byType, pathRules, pointerOverrides };
  cache.set(key, plan);
  return plan;
}

function effectiveRule(
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

function fieldValue(value: JsonValue, segments: readonly string[]): JsonValue | undefined {
  let current: JsonValue | undefined = value;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
    else if (isJsonObject(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

function conditionHolds(subject: Subject, when: readonly CompiledCondition[]): boolean {
  for (let i = 0; i < when.length; i++) if (!(when[i] as CompiledCondition)(subject)) return false;
  return true;
}

function sameValue(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A message template split once: literal text, then per placeholder its text and its name. */
type Template = string[];
const templates = new Map<string, Template>();

function parseTemplate(template: string): Template {
  let parts = templates.get(template);
  if (!parts) {
    parts = template.split(/(\{\{\s*(\w+)\s*\}\})/);
    templates.set(template, parts);
  }
  return parts;
}

/** What a message's placeholders are filled from (one per finding; no closure per finding). */
interface MessageValues {
  result: FunctionResult;
  target: JsonValue | undefined;
  property: string;
  subject: Subject;
  at: string;
}

let lastMessage = '';
let lastEscaped = '';
/** A function's message, shown safely; most rules give one fixed message, thousands of times over. */
function escapedMessage(message: string): string {
  if (message !== lastMessage) {
    lastEscaped = escapeInvisible(message);
    lastMessage = message;
  }
  return lastEscaped;
}

/** The value of one placeholder; an unknown name is left as written. */
function placeholder(name: string, values: MessageValues): string | undefined {
  switch (name) {
    case 'error':
      return escapedMessage(values.result.message);
    case 'value':
      return describeValue(values.target);
    case 'property':
      return values.property;
    case 'name':
      return escapeInvisible(values.subject.name);
    case 'subject':
      return subjectLabel(values.subject);
    case 'type':
      return values.subject.type;
    case 'path':
      return values.at;
    default:
      return undefined;
  }
}

const DEFAULT_MESSAGE = '{{subject}} {{error}}';
const DEFAULT_MESSAGE_WITH_PROPERTY = '{{subject}} {{property}} {{error}}';

function render(template: string, values: MessageValues): string {
  const parts = parseTemplate(template);
  let out = parts[0] as string;
  for (let i = 1; i < parts.length; i += 3) {
    out += (placeholder(parts[i + 1] as string, values) ?? (parts[i] as string)) + (parts[i + 2] as string);
  }
  return out;
}

function isExpired(expires: string | undefined, now: Date): boolean {
  if (!expires) return false;
  return now.getTime() >= Date.parse(`${expires}T00:00:00Z`) + 86_400_000;
}

/** One finding per config `ignore` entry past its `expires` date (it no longer applies). */
export function expiredIgnoreFindings(config: ResolvedConfig, now = new Date()): Finding[] {
  return config.ignores
    .filter((entry) => isExpired(entry.expires, now))
    .map((entry) => ({
      code: 'lint-ignore-expired',
      severity: 'warning' as Severity,
      message: `ignore entry for ${entry.rules.join(', ')} expired on ${entry.expires} and no longer applies (reason was: ${entry.reason})`,
      location: { ...entry.location },
    }));
}

// ---------------------------------------------------------------- the run

export function lintDocument(
  loaded: LoadedDocument,
  config: ResolvedConfig,
  options: LintOptions = {},
): LintResult {
  const filePath = options.filePath ?? loaded.file;
  const now = options.now ?? new Date();
  const plan = planFor(config, filePath);
  const document = loaded.value;
  const map = loaded.sourceMap;
  const findings: Finding[] = [];
  let suppressed = 0;

  const ignores = config.ignores.filter(
    (entry) =>
      !isExpired(entry.expires, now) &&
      (entry.files === undefined || matchesAny(relativeTo(entry.baseDir, filePath), entry.files)),
  );
  const inlineMemo = new Map<string, ReadonlySet<string> | null>();
  const inlineAt = (pointer: string): ReadonlySet<string> | null => {
    let cached = inlineMemo.get(pointer);
    if (cached !== undefined) return cached;
    const value = getAtPointer(document, pointer);
    cached = null;
    if (isJsonObject(value as JsonValue) && Object.hasOwn(value as object, INLINE_IGNORE_KEY)) {
      const raw = (value as Record<string, JsonValue>)[INLINE_IGNORE_KEY];
      const ids = Array.isArray(raw)
        ? raw
        : isJsonObject(raw)
          ? Object.keys(raw)
          : typeof raw === 'string'
            ? [raw]
            : [];
      cached = new Set(ids.filter((x): x is string => typeof x === 'string'));
    }
    inlineMemo.set(pointer, cached);
    return cached;
  };
  // No `x-mcpdesc-ignore` anywhere in the text: skip the per-finding ancestor walk. (A key spelt with
  // escape sequences is not seen here; no real document writes it that way.)
  const hasInline = loaded.text.includes(INLINE_IGNORE_KEY);
  const isSuppressed = (code: string, pointer: string): boolean => {
    if (isInvalidatingCode(code)) return false;
    if (hasInline)
      for (let p: string | undefined = pointer; p !== undefined; p = parentPointer(p)) {
        if (inlineAt(p)?.has(code)) return true;
      }
    if (ignores.length === 0) return false;
    return ignores.some(
      (entry) =>
        entry.rules.includes(code) &&
        (entry.pointers === undefined || entry.pointers.some((p) => matchesPointerPattern(p, pointer))),
    );
  };
  const severityAt = (rule: RuleDefinition, pointer: string): RuleDefinition['severity'] =>
    plan.pointerOverrides.length === 0
      ? rule.severity
      : effectiveRule(rule, plan.pointerOverrides, pointer).severity;

  // 1. validation
  let valid = true;
  let complete = true;
  if (options.validate !== false) {
    const result = validateDocument({ value: document, file: loaded.file, sourceMap: map });
    complete = result.complete;
    for (const finding of result.findings) {
      if (isInvalidatingCode(finding.code)) valid = false;
      const rule = plan.rules.get(finding.code);
      const severity = rule ? severityAt(rule, finding.location.pointer) : finding.severity;
      if (severity === 'off') continue;
      if (isSuppressed(finding.code, finding.location.pointer)) {
        suppressed++;
        continue;
      }
      findings.push({ ...finding, severity });
    }
  }

  // 2. rules over subjects (one traversal)
  const subjects = buildSubjects(document);
  /** Rule findings still without a line and column: placed together once every rule has run. */
  const unplaced: { location: { pointer: string; line: number; column: number }; atKey: boolean }[] = [];
  const noPointerOverrides = plan.pointerOverrides.length === 0;
  /** A function's results as findings: the rare path, kept out of `run` so `run` stays small. */
  const record = (
    rule: RuleDefinition,
    subject: Subject,
    field: CompiledField,
    target: JsonValue | undefined,
    pointer: string,
    results: readonly FunctionResult[],
  ): void => {
    for (let r = 0; r < results.length; r++) {
      const result = results[r];
      if (!result || typeof result.message !== 'string') continue;
      const at =
        result.pointer ??
        (result.path && result.path.length > 0 ? appendPointer(pointer, ...result.path) : pointer);
      const severity = severityAt(rule, at);
      if (severity === 'off') continue;
      if (isSuppressed(rule.id, at)) {
        suppressed++;
        continue;
      }
      const atKey = result.atKey ?? (field === KEY_FIELD && at === pointer);
      const property = field === undefined ? '' : field === KEY_FIELD ? 'name' : field.text;
      const message = render(rule.message ?? (property ? DEFAULT_MESSAGE_WITH_PROPERTY : DEFAULT_MESSAGE), {
        result,
        target,
        property,
        subject,
        at,
      });
      const location = { file: loaded.file, pointer: at, line: 0, column: 0 };
      findings.push({ code: rule.id, severity, message, location });
      unplaced.push({ location, atKey });
    }
  };
  // Runs for every (subject, rule) pair, >100,000 on a catalog, mostly before V8 has optimised it:
  // indexed loops (`for...of` costs an iterator per loop), and everything that happens only for a
  // finding or a failure lives in other functions, so this one compiles quickly and stays compiled.
  // (Rules that are off everywhere were left out of the plan; one that is off only at some pointers
  // still runs, and severityAt drops its findings there.)
  const run = (compiled: CompiledRule, subject: Subject): void => {
    if (compiled.when !== undefined && !conditionHolds(subject, compiled.when)) return;
    const rule = noPointerOverrides
      ? compiled.rule
      : effectiveRule(compiled.rule, plan.pointerOverrides, subject.pointer);
    const options = noPointerOverrides ? compiled.options : rule.functionOptions;
    const fields = compiled.fields;
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f];
      let target: JsonValue | undefined;
      if (field === undefined) target = subject.value;
      else if (field === KEY_FIELD) target = subject.name;
      else target = fieldValue(subject.value, field.segments);
      if (target === undefined && !compiled.handlesMissing) continue;
      const context = compiled.contextFree
        ? undefined
        : new RuleContext(subject, field, document, subjects, compiled.id);
      let results: LintResults;
      try {
        // Without a context only for functions that declare no parameter to receive one.
        results = compiled.call(target, options, context as FunctionContext);
      } catch (error) {
        throw functionFailed(compiled, subject, field, loaded.file, error);
      }
      if (results && results.length > 0)
        record(rule, subject, field, target, context?.pointer ?? targetPointer(subject, field), results);
    }
  };
  for (const [type, rules] of plan.byType) {
    const list = subjects.get(type);
    if (!list) continue;
    for (let i = 0; i < list.length; i++) {
      const subject = list[i] as Subject;
      for (let r = 0; r < rules.length; r++) run(rules[r] as CompiledRule, subject);
    }
  }
  for (const compiled of plan.pathRules) {
    for (const steps of compiled.paths) {
      for (const match of queryJsonPath(document, steps)) run(compiled, pathSubject(match));
    }
  }

  // Positions in pointer order: lookups under one tool then follow each other, and the source map
  // reuses the path it walked last instead of searching the same containers once per rule.
  unplaced.sort((a, b) =>
    a.location.pointer < b.location.pointer ? -1 : a.location.pointer > b.location.pointer ? 1 : 0,
  );
  for (let i = 0; i < unplaced.length; i++) {
    const { location, atKey } = unplaced[i] as (typeof unplaced)[number];
    const at = location.pointer;
    const present = atKey ? at : map.nearest(at);
    const position = atKey ? map.locateKey(at) : present === at ? map.locate(at) : map.locateKey(present);
    location.line = position.line;
    location.column = position.column;
  }
  findings.sort(compareFindings);
  return { file: loaded.file, findings, valid, complete, suppressed };
}

/** What a function is told; `pointer` is worked out only if asked for (built-in functions never do). */
class RuleContext implements FunctionContext {
  private at: string | undefined;
  constructor(
    readonly subject: Subject,
    private readonly field: CompiledField,
    readonly document: JsonValue,
    readonly subjects: ReadonlyMap<SubjectType, readonly Subject[]>,
    readonly ruleId: string,
  ) {}

  get pointer(): string {
    this.at ??= targetPointer(this.subject, this.field);
    return this.at;
  }
}

/** Pointer of what a rule checks: the subject, or its `field`. */
function targetPointer(subject: Subject, field: CompiledField): string {
  return field === undefined || field === KEY_FIELD
    ? subject.pointer
    : appendPointer(subject.pointer, ...field.segments);
}

function pathSubject(match: PathMatch): Subject {
  const segments = parsePointer(match.pointer);
  return makeSubject(
    'Document',
    match.pointer,
    match.value,
    segments[segments.length - 1] ?? '$',
    undefined,
    {
      kind: 'path',
    },
  );
}

/**
 * A rule's function threw: the config's code failed, not mcpdesc (the CLI says so in one line, with
 * the function's own stack under `--debug`).
 */
export class RuleFunctionError extends Error {
  override readonly name = 'RuleFunctionError';
}

/** A rule's function threw: the error names the rule, the function and the place. */
function functionFailed(
  compiled: CompiledRule,
  subject: Subject,
  field: CompiledField,
  file: string,
  error: unknown,
): RuleFunctionError {
  return new RuleFunctionError(
    `rule ${compiled.id} (function ${compiled.fn.name}) failed at ${file}#${targetPointer(subject, field)}: ${error instanceof Error ? error.message : String(error)}`,
    { cause: error },
  );
}
