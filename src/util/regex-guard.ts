/**
 * Bounded time for the regular expressions of untrusted documents: `pattern`, `patternProperties`
 * and `propertyNames` of embedded schemas, the `format`s Ajv checks with expressions, and the
 * `patternProperties` that schema comparison matches against property names.
 *
 * V8's expressions backtrack: `^(a|a)*$` doubles its time with each `a` of `aaa…!`, and no
 * classification of patterns by their shape catches every such case. So a document's pattern runs
 * through a linear-time engine (RE2, the `re2js` port) whenever it uses only syntax that engine
 * matches exactly as ECMA-262 does (`toLinearSyntax`); its time is then bounded by the lengths of
 * pattern and input, and the sum of all matches by the budget below. What RE2 cannot express (lookaround, back-references, `\p{…}`, flags other
 * than `u`) runs in V8 under a timer that can stop it (`vm`'s timeout interrupts a running
 * expression), and every such check of a command draws on one time budget: past it, the remaining
 * checks are skipped. A skipped check makes the validation "incomplete" (a warning), never silently
 * complete; in schema comparison the property's governing schemas are unresolved (an unknown
 * effect). No V8 flag is involved, so the bound holds on every Node version.
 */
import { loadRe2 } from './lazy-modules.js';

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

/** ECMAScript's `\s` (WhiteSpace and LineTerminator), as members of an RE2 character class. */
const JS_SPACE_MEMBERS =
  '\\t\\n\\x{b}\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}';
/** ECMAScript's `.` without the `s` flag: anything but a line terminator. */
const JS_DOT = '[^\\n\\r\\x{2028}\\x{2029}]';
/** Escapes with one meaning in both syntaxes (ASCII classes, ASCII word boundaries, controls). */
const SAME_ESCAPES = new Set(['d', 'D', 'w', 'W', 'n', 'r', 't', 'f']);
/** Characters ECMAScript lets a `u`-flag pattern escape to mean themselves (RE2 accepts each). */
const SYNTAX_ESCAPES = new Set([...'^$\\.*+?()[]{}|/-']);

/**
 * `source` (an ECMA-262 pattern valid with the `u` flag) rewritten into RE2 syntax with the same
 * meaning, or undefined when it uses anything whose meaning differs or RE2 lacks: lookaround,
 * back-references, property escapes, `\c`, `[^]`, an empty class, a surrogate written as an
 * escape. `.`, `\s` and `\S` are spelled out (RE2's are narrower); `[` inside a class is escaped
 * (RE2 reads `[[:alpha:]]` as a POSIX class); named groups become plain groups (only whether the
 * pattern matches is asked). What this does not accept still runs, in V8 under the time budget.
 */
export function toLinearSyntax(source: string): string | undefined {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === '\\') {
      const e = source[++i];
      if (e === undefined) return undefined;
      if (SAME_ESCAPES.has(e) || SYNTAX_ESCAPES.has(e)) out += `\\${e}`;
      else if (e === 'b' || e === 'B') {
        if (inClass) {
          if (e === 'B') return undefined;
          out += '\\x{8}'; // backspace inside a class
        } else out += `\\${e}`;
      } else if (e === 'v') out += '\\x{b}';
      else if (e === 's') out += inClass ? JS_SPACE_MEMBERS : `[${JS_SPACE_MEMBERS}]`;
      else if (e === 'S') {
        if (inClass) return undefined;
        out += `[^${JS_SPACE_MEMBERS}]`;
      } else if (e === '0' && !/[0-9]/.test(source[i + 1] ?? '')) out += '\\x{0}';
      else if (e === 'x' && /^[0-9A-Fa-f]{2}$/.test(source.slice(i + 1, i + 3))) {
        out += `\\x{${source.slice(i + 1, i + 3)}}`;
        i += 2;
      } else if (e === 'u') {
        const braced = /^\{([0-9A-Fa-f]{1,6})\}/.exec(source.slice(i + 1, i + 9));
        const plain = /^[0-9A-Fa-f]{4}/.exec(source.slice(i + 1, i + 5));
        const hex = braced?.[1] ?? plain?.[0];
        if (hex === undefined) return undefined;
        const code = Number.parseInt(hex, 16);
        // A pair of escaped surrogates is one code point in ECMAScript: left to V8.
        if (code >= 0xd800 && code <= 0xdfff) return undefined;
        out += `\\x{${hex}}`;
        i += (braced?.[0] ?? plain?.[0] ?? '').length;
      } else return undefined;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c === '[' ? '\\[' : c;
      continue;
    }
    if (c === '[') {
      // `[]` matches nothing and `[^]` anything in ECMAScript; RE2 reads a `]` there as a member.
      const first = source[i + 1] === '^' ? source[i + 2] : source[i + 1];
      if (first === ']') return undefined;
      inClass = true;
      out += c;
      if (source[i + 1] === '^') out += source[++i];
      continue;
    }
    if (c === '(' && source[i + 1] === '?') {
      if (source[i + 2] === ':') {
        out += '(?:';
        i += 2;
        continue;
      }
      const named = /^\?<[A-Za-z_$][\w$]*>/.exec(source.slice(i + 1));
      if (!named) return undefined; // lookaround, modifiers
      out += '(?:';
      i += named[0].length;
      continue;
    }
    out += c === '.' ? JS_DOT : c;
  }
  return inClass ? undefined : out;
}

/** A document's pattern, compiled once with what the guard needs to know of it. */
export interface GuardedPattern {
  re: RegExp;
  /** Never run (see isRiskyPattern); false whenever `linear` is set. */
  risky: boolean;
  /** The same pattern in the linear-time engine, when it can express it (see toLinearSyntax). */
  linear: { test(input: string): boolean } | undefined;
}

/** The linear-time form of a pattern, or undefined when RE2 cannot express it exactly. */
function compileLinear(source: string, flags: string): GuardedPattern['linear'] {
  // Without `u`, ECMAScript matches UTF-16 units and reads escapes differently: left to V8.
  if (flags !== 'u') return undefined;
  const translated = toLinearSyntax(source);
  if (translated === undefined) return undefined;
  try {
    return loadRe2().RE2JS.compile(translated);
  } catch {
    // Past RE2's limits (a repeat count over 1,000, a program too large): left to V8.
    return undefined;
  }
}

/** Compiles a pattern for guarded matching; throws as `new RegExp` does on an invalid one. */
export function compilePattern(source: string, flags: string): GuardedPattern {
  const re = new RegExp(source, flags);
  const linear = compileLinear(source, flags);
  return { re, risky: linear === undefined && isRiskyPattern(source), linear };
}

/**
 * A guarded pattern against `input`: in linear time, or in V8 within the command's budget;
 * undefined when it could not run (a risky pattern, an input over MAX_REGEX_INPUT, a spent budget).
 */
export function matchPattern(pattern: GuardedPattern, input: string): boolean | undefined {
  if (pattern.risky || input.length > MAX_REGEX_INPUT) return undefined;
  if (!pattern.linear) return tryGuardedTest(pattern.re, input);
  // Linear per match, but 10,000 patterns × 10,000 names is 10⁸ matches: the budget bounds the sum.
  if (budgetLeft <= 0) return undefined;
  const started = performance.now();
  const result = pattern.linear.test(input);
  budgetLeft -= performance.now() - started;
  return result;
}

/** matchPattern for a validation check: a check that could not run passes and is marked skipped. */
export function guardedMatch(pattern: GuardedPattern, input: string): boolean {
  return matchPattern(pattern, input) ?? skipRegexCheck();
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
 * `re.test(input)` in V8 within the command's budget, always under the timer (a pattern's shape
 * does not tell how long V8 takes on it), or undefined when the input is too long, the budget is
 * spent, or the match was stopped.
 */
export function tryGuardedTest(re: RegExp, input: string): boolean | undefined {
  if (input.length > MAX_REGEX_INPUT || budgetLeft <= 0) return undefined;
  const started = performance.now();
  const result = testWithin(re, input, Math.max(1, Math.ceil(budgetLeft)));
  budgetLeft -= performance.now() - started;
  if (result === undefined) budgetLeft = 0;
  return result;
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
