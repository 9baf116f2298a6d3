/**
 * Bounded time for the regular expressions of untrusted documents: `pattern` and
 * `patternProperties` of embedded schemas, the `format`s Ajv checks with expressions, and the
 * `patternProperties` that schema comparison matches against property names.
 *
 * V8's expressions backtrack. A quantified group holding a quantifier (`(a+)+`) takes exponential
 * time and is skipped outright (`isRiskyPattern`). Adjacent quantifiers take polynomial time:
 * `\s*\s*\s*x` took 40 s on 600 spaces, and more of them take longer on shorter texts, so no
 * length limit makes them safe. So a pattern with more than one quantifier (or a lookaround) runs
 * under a timer that can stop it (`vm`'s timeout interrupts a running expression), and every
 * check of a document draws on one time budget: past it, the remaining checks are skipped. A
 * skipped check makes the validation "incomplete" (a warning), never silently complete; in schema
 * comparison the property's governing schemas are unresolved (an unknown effect).
 */

/** Inputs longer than this are never matched (skipped): no description value needs more. */
export const MAX_REGEX_INPUT = 10_000;
/** Time all guarded checks of one document (one validation, one diff) may take together. */
export const REGEX_BUDGET_MS = 1000;

let budgetLeft = REGEX_BUDGET_MS;
let skipped = false;

/** How many `withRegexBudget` calls are running (nested calls share the outermost one's budget). */
let openBudgets = 0;

/**
 * Runs `run` on a fresh budget, or on the running one when called inside another: a diff's
 * comparisons of thousands of schemas share the diff's budget, while a library caller of
 * compareSchemas alone gets a budget per call, instead of finding a long-running process's budget
 * spent. validateDocument, diffDocuments, compareSchemas and runSchemaDiff run in one.
 */
export function withRegexBudget<T>(run: () => T): T {
  if (openBudgets === 0) budgetLeft = REGEX_BUDGET_MS;
  openBudgets++;
  try {
    return run();
  } finally {
    openBudgets--;
  }
}

/** Whether a check was skipped since the last call, and clears it. */
export function takeRegexSkipped(): boolean {
  const was = skipped;
  skipped = false;
  return was;
}

/** Marks a check as skipped (the check then passes, and the result says it is incomplete). */
export function skipRegexCheck(): true {
  skipped = true;
  return true;
}

/**
 * Where the escape (`\x`) or character class (`[…]`) starting at `i` ends (its last character), or
 * `i` itself for any other character: the pattern scanners below skip those whole.
 */
function atomEnd(source: string, i: number): number {
  if (source[i] === '\\') return i + 1;
  if (source[i] !== '[') return i;
  let end = i;
  while (end < source.length && source[end] !== ']') end += source[end] === '\\' ? 2 : 1;
  return end;
}

/** Heuristic for exponential backtracking: a quantified group containing a quantifier, or a back-reference. */
export function isRiskyPattern(source: string): boolean {
  if (/\\[1-9]|\\k</.test(source)) return true;
  if (source.length > 1000) return true;
  const stack: boolean[] = [];
  let quantifiedInside = false;
  for (let i = 0; i < source.length; i++) {
    const end = atomEnd(source, i);
    if (end !== i) {
      i = end;
      continue;
    }
    const c = source[i];
    if (c === '(') {
      stack.push(quantifiedInside);
      quantifiedInside = false;
    } else if (c === ')') {
      const inner = quantifiedInside;
      quantifiedInside = stack.pop() ?? false;
      const next = source[i + 1];
      const quantified = next === '*' || next === '+' || next === '{' || next === '?';
      if (inner && quantified && next !== '?') return true;
      if (inner || quantified) quantifiedInside = true;
    } else if (c === '*' || c === '+' || c === '{') {
      quantifiedInside = true;
    }
  }
  return false;
}

/**
 * True when matching cannot take more than about length × length steps: at most one quantifier
 * (`*`, `+`, `?`, `{…}`, outside character classes) and no lookaround. Such a pattern is matched
 * directly; on a 10,000-character input it takes tens of milliseconds at worst.
 */
export function isSimplePattern(source: string): boolean {
  let quantifiers = 0;
  for (let i = 0; i < source.length; i++) {
    const end = atomEnd(source, i);
    if (end !== i) {
      i = end;
      continue;
    }
    const c = source[i];
    if (c === '(' && source[i + 1] === '?') {
      const kind = source[i + 2];
      // (?= (?! (?<= (?<! are lookarounds; (?: and (?<name> are plain groups
      if (kind === '=' || kind === '!' || (kind === '<' && (source[i + 3] === '=' || source[i + 3] === '!')))
        return false;
      i += 1; // the `?` is not a quantifier
      continue;
    }
    if (c === '*' || c === '+' || c === '?' || c === '{') {
      // a lazy or possessive-looking suffix belongs to the same quantifier
      if (c === '{') while (i < source.length && source[i] !== '}') i++;
      if (source[i + 1] === '?') i++;
      if (++quantifiers > 1) return false;
    }
  }
  return true;
}

/** A document's pattern, compiled once with what the guard needs to know of it. */
export interface GuardedPattern {
  re: RegExp;
  /** Never run (see isRiskyPattern). */
  risky: boolean;
  /** Run directly, without a timer (see isSimplePattern). */
  simple: boolean;
}

/** Compiles a pattern for guarded matching; throws as `new RegExp` does on an invalid one. */
export function compilePattern(source: string, flags: string): GuardedPattern {
  return { re: new RegExp(source, flags), risky: isRiskyPattern(source), simple: isSimplePattern(source) };
}

/** A guarded pattern against `input`, or undefined when it could not run (see tryGuardedTest). */
export function matchPattern(pattern: GuardedPattern, input: string): boolean | undefined {
  return pattern.risky ? undefined : tryGuardedTest(pattern.re, input, pattern.simple);
}

type VmModule = typeof import('node:vm');
let vmScript: import('node:vm').Script | undefined;
let vmContext: import('node:vm').Context | undefined;

/** `re.test(input)` stopped after `ms`: undefined when it was stopped. */
function testWithin(re: RegExp, input: string, ms: number): boolean | undefined {
  const vm = process.getBuiltinModule('node:vm') as VmModule;
  vmScript ??= new vm.Script('re.test(input)');
  vmContext ??= vm.createContext({ re: undefined, input: '' });
  vmContext.re = re;
  vmContext.input = input;
  try {
    return vmScript.runInContext(vmContext, { timeout: ms }) === true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return undefined;
    throw error;
  } finally {
    vmContext.re = undefined;
    vmContext.input = '';
  }
}

/**
 * `re.test(input)` within the document's budget, or undefined when the input is too long, the
 * budget is spent, or the match was stopped (nothing is marked: see guardedTest).
 * `simple`: see isSimplePattern.
 */
export function tryGuardedTest(re: RegExp, input: string, simple: boolean): boolean | undefined {
  if (input.length > MAX_REGEX_INPUT || budgetLeft <= 0) return undefined;
  const started = performance.now();
  let result: boolean | undefined;
  if (simple) {
    re.lastIndex = 0;
    result = re.test(input);
  } else result = testWithin(re, input, Math.max(1, Math.ceil(budgetLeft)));
  budgetLeft -= performance.now() - started;
  if (result === undefined) budgetLeft = 0;
  return result;
}

/** tryGuardedTest for a validation check: a check that could not run passes and is marked skipped. */
export function guardedTest(re: RegExp, input: string, simple: boolean): boolean {
  return tryGuardedTest(re, input, simple) ?? skipRegexCheck();
}

/**
 * A format check (ajv-formats) within the document's budget. Their expressions are fixed and at
 * worst take time squared (`url`: 10,000 characters in 47 ms, a megabyte in minutes), so an
 * expression format skips inputs over MAX_REGEX_INPUT; every check counts against the budget.
 */
export function guardedFormat(check: RegExp | ((value: never) => boolean), value: unknown): boolean {
  if (budgetLeft <= 0) return skipRegexCheck();
  if (check instanceof RegExp && typeof value === 'string' && value.length > MAX_REGEX_INPUT)
    return skipRegexCheck();
  const started = performance.now();
  const result = check instanceof RegExp ? check.test(String(value)) : check(value as never);
  budgetLeft -= performance.now() - started;
  return result;
}

type FormatDefinition =
  | RegExp
  | ((value: never) => boolean)
  | { validate?: RegExp | ((value: never) => boolean); async?: boolean; [key: string]: unknown };

/** Replaces each format an Ajv instance knows by the same check run through guardedFormat. */
export function guardFormats(ajv: {
  formats: Record<string, unknown>;
  addFormat(name: string, format: FormatDefinition): unknown;
}): void {
  for (const [name, format] of Object.entries(ajv.formats) as [string, FormatDefinition][]) {
    if (format instanceof RegExp || typeof format === 'function') {
      const check = format;
      ajv.addFormat(name, (value: never) => guardedFormat(check, value));
    } else if (format && typeof format === 'object' && !format.async && format.validate) {
      const check = format.validate;
      ajv.addFormat(name, { ...format, validate: (value: never) => guardedFormat(check, value) });
    }
  }
}
