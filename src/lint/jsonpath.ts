/**
 * A small, safe JSONPath subset for rule `given` expressions the typed subjects do not cover:
 * `$`, `.name`, `['name']`, `["a","b"]` / `[a,b]` (unions), `[*]` / `.*`, `[0]`, `..name`, `..*`.
 * No filter or script expressions: rulesets are data, and nothing in them is ever evaluated as code.
 */

import { appendAll } from '../util/arrays.js';
import type { JsonValue } from '../util/json.js';
import { appendPointer } from '../util/pointer.js';

type Step =
  | { kind: 'names'; names: (string | number)[]; deep: boolean }
  | { kind: 'wildcard'; deep: boolean };

export class JsonPathError extends Error {
  override readonly name = 'JsonPathError';
}

export function parseJsonPath(expression: string): Step[] {
  if (!expression.startsWith('$')) throw new JsonPathError(`JSONPath must start with $: ${expression}`);
  const steps: Step[] = [];
  let i = 1;
  const fail = (what: string): never => {
    throw new JsonPathError(`${what} at offset ${i} of JSONPath ${JSON.stringify(expression)}`);
  };
  while (i < expression.length) {
    let deep = false;
    if (expression.startsWith('..', i)) {
      deep = true;
      i += 2;
    } else if (expression[i] === '.') {
      i += 1;
    } else if (expression[i] !== '[') {
      fail('expected . or [');
    }
    if (expression[i] === '*') {
      steps.push({ kind: 'wildcard', deep });
      i += 1;
      continue;
    }
    if (expression[i] === '[') {
      const end = findClose(expression, i);
      if (end < 0) fail('unclosed [');
      const body = expression.slice(i + 1, end).trim();
      i = end + 1;
      if (body === '*') {
        steps.push({ kind: 'wildcard', deep });
        continue;
      }
      const names = splitUnion(body).map((part): string | number => {
        const p = part.trim();
        if (/^-?\d+$/.test(p)) return Number(p);
        if ((p.startsWith("'") && p.endsWith("'")) || (p.startsWith('"') && p.endsWith('"')))
          return p.slice(1, -1).replace(/\\(['"\\])/g, '$1');
        if (/^[A-Za-z_$][\w$-]*$/.test(p)) return p;
        return fail(`unsupported selector ${JSON.stringify(p)}`);
      });
      steps.push({ kind: 'names', names, deep });
      continue;
    }
    const match = /^[A-Za-z_$@][\w$@-]*/.exec(expression.slice(i));
    if (!match) fail('expected a member name');
    const name = (match as RegExpExecArray)[0];
    i += name.length;
    steps.push({ kind: 'names', names: [name], deep });
  }
  return steps;
}

function findClose(text: string, open: number): number {
  let quote: string | undefined;
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === ']') return i;
  }
  return -1;
}

function splitUnion(body: string): string[] {
  const parts: string[] = [];
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === ',') {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

export interface PathMatch {
  pointer: string;
  value: JsonValue;
}

function children(value: JsonValue, pointer: string): PathMatch[] {
  if (Array.isArray(value)) return value.map((v, i) => ({ pointer: appendPointer(pointer, i), value: v }));
  if (value !== null && typeof value === 'object')
    return Object.keys(value).map((k) => ({
      pointer: appendPointer(pointer, k),
      value: value[k] as JsonValue,
    }));
  return [];
}

/** Adds the match and everything below it to `out`, skipping what `seen` says was added already. */
function selfAndDescendants(match: PathMatch, out: PathMatch[], seen: Set<string>): void {
  // Added already: so was everything below it.
  if (seen.has(match.pointer)) return;
  seen.add(match.pointer);
  out.push(match);
  for (const child of children(match.value, match.pointer)) selfAndDescendants(child, out, seen);
}

/**
 * Every value the expression selects, in document order, with its pointer, each once. Without the
 * once, `$..*..*..*..*..*` over a chain 60 deep selected each value once per way of choosing its
 * ancestors (millions of matches from 60 values): a recursive step now walks each value once.
 */
export function queryJsonPath(document: JsonValue, steps: readonly Step[]): PathMatch[] {
  let current: PathMatch[] = [{ pointer: '', value: document }];
  for (const step of steps) {
    let bases = current;
    if (step.deep) {
      bases = [];
      const seen = new Set<string>();
      for (const match of current) selfAndDescendants(match, bases, seen);
    }
    const next: PathMatch[] = [];
    for (const base of bases) {
      if (step.kind === 'wildcard') {
        appendAll(next, children(base.value, base.pointer));
        continue;
      }
      for (const name of step.names) {
        const v = base.value;
        if (Array.isArray(v)) {
          if (typeof name !== 'number') continue;
          const index = name < 0 ? v.length + name : name;
          if (index >= 0 && index < v.length)
            next.push({ pointer: appendPointer(base.pointer, index), value: v[index] as JsonValue });
        } else if (v !== null && typeof v === 'object') {
          const key = String(name);
          if (Object.hasOwn(v, key))
            next.push({ pointer: appendPointer(base.pointer, key), value: v[key] as JsonValue });
        }
      }
    }
    current = withoutRepeats(next);
  }
  return current;
}

/** The matches, each pointer once (a union can name one member twice: `['a','a']`). */
function withoutRepeats(matches: PathMatch[]): PathMatch[] {
  const seen = new Set<string>();
  return matches.filter((match) => !seen.has(match.pointer) && seen.add(match.pointer) !== undefined);
}
