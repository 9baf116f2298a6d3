import { type Ctx, emit, type Polarity, type RawChange, show, showKeyword } from './context.js';
import { compareCount } from './numbers.js';
import { at, get, type View } from './view.js';

/** Patterns that match every string (search semantics, no `s` flag: `^.*$` is NOT one of them). */
const MATCH_ALL = new Set([
  '',
  '.*',
  '^.*',
  '.*$',
  '[\\s\\S]*',
  '^[\\s\\S]*$',
  '^[\\s\\S]*',
  '[^]*',
  '^[^]*$',
]);

export type Relation = 'equal' | 'wider' | 'narrower' | 'unknown';

function endsWithAnchor(pattern: string): boolean {
  if (!pattern.endsWith('$')) return false;
  let slashes = 0;
  for (let i = pattern.length - 2; i >= 0 && pattern[i] === '\\'; i--) slashes++;
  return slashes % 2 === 0;
}

/** Removing `^`/`$` from the ends only drops zero-width assertions, so the result matches more. */
function unanchored(pattern: string): string[] {
  const forms = new Set<string>();
  const head = pattern.startsWith('^') ? pattern.slice(1) : undefined;
  const tail = endsWithAnchor(pattern) ? pattern.slice(0, -1) : undefined;
  if (head !== undefined) forms.add(head);
  if (tail !== undefined) forms.add(tail);
  if (head !== undefined && endsWithAnchor(head)) forms.add(head.slice(0, -1));
  return [...forms];
}

/** Top-level alternatives (`a|b|c`); undefined for malformed nesting. */
function alternatives(pattern: string): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '|' && depth === 0) {
      parts.push(pattern.slice(start, i));
      start = i + 1;
    }
    if (depth < 0) return undefined;
  }
  if (depth !== 0 || inClass) return undefined;
  parts.push(pattern.slice(start));
  return parts;
}

/** Whether `after` accepts a superset of `before`; anything beyond the provable cases is unknown. */
export function patternRelation(before: string, after: string): Relation {
  if (before === after) return 'equal';
  const allBefore = MATCH_ALL.has(before);
  const allAfter = MATCH_ALL.has(after);
  if (allBefore && allAfter) return 'equal';
  if (allAfter) return 'wider';
  if (allBefore) return 'narrower';
  if (unanchored(before).includes(after)) return 'wider';
  if (unanchored(after).includes(before)) return 'narrower';
  // reordering alternatives renumbers capture groups, which backreferences would notice
  const backreference = /\\[1-9]|\\k</;
  const a = backreference.test(before) ? undefined : alternatives(before);
  const b = backreference.test(after) ? undefined : alternatives(after);
  if (a && b) {
    const setA = new Set(a);
    const setB = new Set(b);
    const aInB = a.every((x) => setB.has(x));
    const bInA = b.every((x) => setA.has(x));
    if (aInB && bInA) return 'equal';
    if (aInB) return 'wider';
    if (bInA) return 'narrower';
  }
  return 'unknown';
}

/** Format inclusions that hold for every validator we know of (the wider format accepts all of the narrower). */
const FORMAT_INCLUDED_IN: Record<string, readonly string[]> = {
  uri: ['uri-reference', 'iri', 'iri-reference'],
  iri: ['iri-reference'],
  'uri-reference': ['iri-reference'],
  email: ['idn-email'],
  hostname: ['idn-hostname'],
};

export function compareStrings(_ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  compareCount(vo, vn, 'minLength', 'min', 'min-length', pol, out);
  compareCount(vo, vn, 'maxLength', 'max', 'max-length', pol, out);
  const before = get(vo, 'pattern');
  const after = get(vn, 'pattern');
  if (before === undefined && after === undefined) return;
  const po = at(vo, 'pattern');
  const pn = at(vn, 'pattern');
  if (before === undefined) {
    emit(out, pol, 'pattern-added', vo.pointer, pn, 'narrowed', `pattern ${show(after)} added`);
    return;
  }
  if (after === undefined) {
    emit(out, pol, 'pattern-removed', po, vn.pointer, 'widened', `pattern ${show(before)} removed`);
    return;
  }
  if (typeof before !== 'string' || typeof after !== 'string') {
    if (before !== after) emit(out, pol, 'pattern-changed', po, pn, 'unknown', 'pattern is not a string');
    return;
  }
  const relation = patternRelation(before, after);
  if (relation === 'equal') return;
  const effect = relation === 'wider' ? 'widened' : relation === 'narrower' ? 'narrowed' : 'unknown';
  emit(out, pol, 'pattern-changed', po, pn, effect, `pattern ${show(before)} → ${show(after)}`);
}

/**
 * `format` is compared whatever the type: format vocabularies also cover numbers (int32, double…).
 * Adding a format narrows where formats are asserted and changes nothing where they are
 * annotations, so "narrowed" is true under both readings.
 */
export function compareFormat(_ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  const before = get(vo, 'format');
  const after = get(vn, 'format');
  if (before === after) return;
  const message = `format ${showKeyword(before)} → ${showKeyword(after)}`;
  if (before === undefined) {
    emit(out, pol, 'format-added', vo.pointer, at(vn, 'format'), 'narrowed', message);
    return;
  }
  if (after === undefined) {
    emit(out, pol, 'format-removed', at(vo, 'format'), vn.pointer, 'widened', message);
    return;
  }
  let effect: 'widened' | 'narrowed' | 'unknown' = 'unknown';
  if (typeof before === 'string' && typeof after === 'string') {
    if (FORMAT_INCLUDED_IN[before]?.includes(after)) effect = 'widened';
    else if (FORMAT_INCLUDED_IN[after]?.includes(before)) effect = 'narrowed';
  }
  emit(out, pol, 'format-changed', at(vo, 'format'), at(vn, 'format'), effect, message);
}
