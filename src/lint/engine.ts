/**
 * The lint engine: validation first (spec conformance diagnostics, under their own codes), then one
 * traversal of the document into typed subjects, then every enabled rule run on the subjects of the
 * types it asked for (rules are indexed by subject type and compiled once per file, see rule-plan;
 * JSONPath rules query once per document).
 *
 * Severity of a finding comes from the rule, re-levelled by file-glob overrides and then by pointer
 * overrides matching the finding's pointer. Suppression: `x-mcpdesc-ignore: [rule-id, ...]` on the
 * object concerned or any object containing it, and config `ignore` entries. Validation errors that
 * make a document invalid are never suppressed (they can only be re-levelled in the config).
 */

import type { Finding } from '../model/finding.js';
import { findingPosition, type LoadedDocument } from '../parse/index.js';
import { isJsonObject, type JsonValue } from '../util/json.js';
import { appendPointer, getAtPointer, parentPointer, parsePointer } from '../util/pointer.js';
import { compareFindings, validateDocument } from '../validate/index.js';
import { isInvalidatingCode, type ResolvedConfig } from './config.js';
import { matchesAny } from './glob.js';
import { isExpired } from './ignore-expiry.js';
import { type PathMatch, queryJsonPath } from './jsonpath.js';
import { DEFAULT_MESSAGE, DEFAULT_MESSAGE_WITH_PROPERTY, render } from './messages.js';
import { matchesPointerPattern } from './pointer-pattern.js';
import {
  type CompiledField,
  type CompiledRule,
  conditionHolds,
  effectiveRule,
  fieldValue,
  KEY_FIELD,
  type LintResults,
  planFor,
  relativeTo,
} from './rule-plan.js';
import { buildSubjects, makeSubject, type SubjectIndex } from './subjects.js';
import type {
  FunctionContext,
  FunctionResult,
  RuleDefinition,
  Subject,
  SubjectFold,
  SubjectType,
} from './types.js';

export { expiredIgnoreFindings } from './ignore-expiry.js';
export { matchesPointerPattern } from './pointer-pattern.js';
export { subjectLabel } from './subject-label.js';

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
    const result = validateDocument(loaded);
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

  // 2. rules over subjects (one traversal): most run on each subject as the walk makes it, the
  // rest (functions that read other subjects) once the walk has listed the types they read.
  const subjects: SubjectIndex = new Map();
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
  const walked = plan.walked;
  // Folding rules: one fold each for this document, fed the subjects of its types as they are made.
  const folds = plan.folded.map((compiled) => ({
    compiled,
    fold: (compiled.fn.fold as (options: unknown) => SubjectFold)(compiled.options),
  }));
  const folding = new Map<SubjectType, SubjectFold[]>();
  for (const { fold } of folds)
    for (const type of fold.types) {
      const list = folding.get(type);
      if (list) list.push(fold);
      else folding.set(type, [fold]);
    }
  let documentSubject: Subject | undefined;
  buildSubjects(document, {
    index: subjects,
    keep: plan.kept,
    visit: (subject) => {
      const rules = walked.get(subject.type);
      if (rules !== undefined) for (let r = 0; r < rules.length; r++) run(rules[r] as CompiledRule, subject);
      const taking = folding.get(subject.type);
      if (taking !== undefined)
        for (let f = 0; f < taking.length; f++) (taking[f] as SubjectFold).add(subject);
      documentSubject ??= subject;
    },
  });
  for (const { compiled, fold } of folds) {
    const subject = documentSubject as Subject;
    let results: FunctionResult[];
    try {
      results = fold.results();
    } catch (error) {
      throw functionFailed(compiled, subject, undefined, loaded.file, error);
    }
    if (results.length > 0) record(compiled.rule, subject, undefined, document, subject.pointer, results);
  }
  for (const [type, rules] of plan.afterWalk) {
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
    const position = findingPosition(map, location.pointer, atKey);
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
