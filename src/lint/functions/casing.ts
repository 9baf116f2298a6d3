/** `casing` (one fixed style) and `consistentCasing` (one style per document or per declaration, the majority's). */
import type { JsonValue } from '../../util/json.js';
import { appendPointer } from '../../util/pointer.js';
import {
  type FunctionDefinition,
  type FunctionResult,
  isSubjectType,
  type Subject,
  type SubjectType,
} from '../types.js';
import { describeValue } from './text.js';

export const CASING_STYLES = ['flat', 'camel', 'pascal', 'kebab', 'cobol', 'snake', 'macro'] as const;
export type CasingStyle = (typeof CASING_STYLES)[number];

const STYLE_PATTERN: Record<CasingStyle, RegExp> = {
  flat: /^[a-z][a-z0-9]*$/,
  camel: /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/,
  pascal: /^[A-Z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/,
  kebab: /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/,
  cobol: /^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*$/,
  snake: /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/,
  macro: /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/,
};

export const STYLE_EXAMPLE: Record<CasingStyle, string> = {
  flat: 'getuser',
  camel: 'getUser',
  pascal: 'GetUser',
  kebab: 'get-user',
  cobol: 'GET-USER',
  snake: 'get_user',
  macro: 'GET_USER',
};

/** Bit of each style in the mask `styleMask` returns (CASING_STYLES order). */
export const STYLE_BIT: Record<CasingStyle, number> = {
  flat: 1,
  camel: 2,
  pascal: 4,
  kebab: 8,
  cobol: 16,
  snake: 32,
  macro: 64,
};

/**
 * Every style `text` is in, as STYLE_BIT bits, from one pass over its characters: the patterns of
 * STYLE_PATTERN, where snake case also takes a name that ends in a unit or an abbreviation in its
 * usual spelling (`melt_temp_C`, `packing_pressure_MPa`, `size_MB`: renaming it to `melt_temp_c`
 * would lose the meaning). consistentCasing asks this of every distinct name of a catalog, and
 * seven regular expressions per name were most of that rule's time.
 */
export function styleMask(text: string): number {
  const length = text.length;
  if (length === 0) return 0;
  const first = text.charCodeAt(0);
  const firstLower = first >= 0x61 && first <= 0x7a;
  const firstUpper = first >= 0x41 && first <= 0x5a;
  if (!firstLower && !firstUpper) return 0;
  let lower = false;
  let upper = false;
  let hyphen = false;
  let underscore = false;
  // A separator first, last, doubled, or a hyphen and an underscore mixed: no separated style.
  let separatorsBad = false;
  let previousSeparator = false;
  let lastUnderscore = -1;
  let firstUpperAt = -1;
  let lastDigitAt = -1;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x61 && c <= 0x7a) {
      lower = true;
      previousSeparator = false;
    } else if (c >= 0x41 && c <= 0x5a) {
      if (!upper) firstUpperAt = i;
      upper = true;
      previousSeparator = false;
    } else if (c >= 0x30 && c <= 0x39) {
      lastDigitAt = i;
      previousSeparator = false;
    } else if (c === 0x2d || c === 0x5f) {
      if (previousSeparator) separatorsBad = true;
      previousSeparator = true;
      if (c === 0x2d) hyphen = true;
      else {
        underscore = true;
        lastUnderscore = i;
      }
    } else return 0;
  }
  if (previousSeparator || (hyphen && underscore)) separatorsBad = true;
  const separated = hyphen || underscore;
  let mask = 0;
  if (firstLower) {
    if (!separated) mask |= upper ? STYLE_BIT.camel : STYLE_BIT.flat | STYLE_BIT.camel;
    if (!separatorsBad && !upper)
      mask |= hyphen ? STYLE_BIT.kebab : underscore ? STYLE_BIT.snake : STYLE_BIT.kebab | STYLE_BIT.snake;
    // `melt_temp_C`, `size_MB`: snake words, then `_` and a unit of one to three letters, the first upper case.
    if (
      !separatorsBad &&
      upper &&
      !hyphen &&
      firstUpperAt === lastUnderscore + 1 &&
      lastUnderscore > 0 &&
      length - firstUpperAt <= 3 &&
      lastDigitAt < firstUpperAt
    )
      mask |= STYLE_BIT.snake;
  } else {
    if (!separated) mask |= STYLE_BIT.pascal;
    if (!separatorsBad && !lower)
      mask |= hyphen ? STYLE_BIT.cobol : underscore ? STYLE_BIT.macro : STYLE_BIT.cobol | STYLE_BIT.macro;
  }
  return mask;
}

/** A name made of more than one word in `style` (a one-word name says nothing about the style). */
function distinctive(style: CasingStyle, text: string): boolean {
  return style === 'camel' || style === 'pascal' ? /[a-z0-9][A-Z]/.test(text) : /[-_]/.test(text);
}

export function matchesCasing(text: string, style: CasingStyle, disallowDigits = false): boolean {
  if (disallowDigits && /[0-9]/.test(text)) return false;
  return STYLE_PATTERN[style].test(text);
}

export const casing: FunctionDefinition = {
  name: 'casing',
  description:
    'A string must be in the casing `type` (flat, camel, pascal, kebab, cobol, snake, macro); `disallowDigits` optional.',
  optionsSchema: {
    type: 'object',
    properties: { type: { enum: [...CASING_STYLES] }, disallowDigits: { type: 'boolean' } },
    required: ['type'],
    additionalProperties: false,
  },
  fn: (target: JsonValue | undefined, options: { type: CasingStyle; disallowDigits?: boolean }) => {
    if (typeof target !== 'string' || matchesCasing(target, options.type, options.disallowDigits)) return [];
    return [
      {
        message: `${describeValue(target)} is not ${options.type} case (like ${STYLE_EXAMPLE[options.type]})`,
      },
    ];
  },
};

interface ConsistentOptions {
  subjects: SubjectType[];
  /** `@key` (default): the subject's own name/key; otherwise a member of the subject value. */
  field?: string;
  styles?: CasingStyle[];
  /** `document` (default): one style for all the named subjects; `parent`: one style per declaration. */
  scope?: 'document' | 'parent';
  /** Only the part after the last match of this regular expression is checked (e.g. a `server__` namespace). */
  stripPrefix?: string;
  /**
   * With `scope: parent`: a name spelt the same way in at least this many declarations is left
   * alone. It is the document's established spelling (`perPage` across 26 tools): renaming it
   * breaks every caller, and reporting it in each tool says the same thing many times.
   */
  established?: number;
}

/**
 * A name as checked: `text` without the stripped prefix; `styles`, bit i set when it is in
 * `styles[i]`. The name as written and where to report it are worked out from the subject for the
 * few names reported.
 */
interface Named {
  text: string;
  subject: Subject;
  styles: number;
}

const DEFAULT_STYLES: CasingStyle[] = ['snake', 'camel', 'kebab', 'pascal', 'macro'];

/**
 * Finds the style most names match (ties: the order of `styles`) and reports the names that do not
 * match it. A one-word lower-case name matches snake, camel and kebab alike, so it never decides
 * alone and is never reported against any of them.
 */
export const consistentCasing: FunctionDefinition = {
  name: 'consistentCasing',
  description:
    "Run on the Document: the names of `subjects` must all use one casing style, the one most of them use (per document, or per declaration with `scope: parent`). With `established: N` (and `scope: parent`), a name spelt the same way in N or more declarations is not reported: it is the document's established spelling. A snake-case name may end in a unit (`melt_temp_C`); names starting with a digit follow no style. Messages quote a sibling name that has the style.",
  optionsSchema: {
    type: 'object',
    properties: {
      subjects: { type: 'array', items: { type: 'string' }, minItems: 1 },
      field: { type: 'string' },
      styles: { type: 'array', items: { enum: [...CASING_STYLES] }, minItems: 1 },
      scope: { enum: ['document', 'parent'] },
      stripPrefix: { type: 'string' },
      established: { type: 'integer', minimum: 2 },
    },
    required: ['subjects'],
    additionalProperties: false,
  },
  readsSubjects: (options: ConsistentOptions) => options.subjects,
  fn: (_target: JsonValue | undefined, options: ConsistentOptions, context) => {
    // Repeats dropped (a tie still goes to the first listed): at most seven styles, one bit each.
    const styles = [...new Set(options.styles ?? DEFAULT_STYLES)];
    const field = options.field ?? '@key';
    const strip = options.stripPrefix ? new RegExp(options.stripPrefix) : undefined;
    const byParent = options.scope === 'parent';
    const established = byParent ? options.established : undefined;
    // Names grouped by declaration (the parent subject itself is the key) or all in one group.
    // Tens of thousands of names on a catalog, each seen once, mostly before V8 has optimised this
    // loop: no object per name but the one kept, no set per declaration.
    const groups = new Map<Subject | undefined, Named[]>();
    // A server's property names repeat across its tools (`owner`, `perPage`): each spelling is
    // matched against the styles once.
    const masks = new Map<string, number>();
    for (const type of options.subjects) {
      if (!isSubjectType(type)) continue;
      const subjects = context.subjects.get(type) ?? [];
      for (let i = 0; i < subjects.length; i++) {
        const subject = subjects[i] as Subject;
        let text = nameOf(subject, field);
        if (text === undefined) continue;
        if (strip) {
          const match = lastMatch(strip, text);
          if (match !== undefined) text = text.slice(match);
        }
        // A name that starts with a digit (`0`, `255`, `2fa_code`) fits no style and follows none.
        const first = text.charCodeAt(0);
        if (first >= 0x30 && first <= 0x39) continue;
        const group = byParent ? subject.parent : undefined;
        let list = groups.get(group);
        if (list === undefined) groups.set(group, (list = []));
        let mask = masks.get(text);
        if (mask === undefined) {
          const all = styleMask(text);
          mask = 0;
          for (let s = 0; s < styles.length; s++)
            if (all & STYLE_BIT[styles[s] as CasingStyle]) mask |= 1 << s;
          masks.set(text, mask);
        }
        list.push({ text, subject, styles: mask });
      }
    }
    // With `established`: how many declarations use each exact spelling (and the last one counted,
    // which is enough: a declaration's names are listed together).
    const spread = new Map<string, number>();
    const spreadLast = new Map<string, Subject | undefined>();
    if (established !== undefined)
      for (const [group, list] of groups) {
        for (let i = 0; i < list.length; i++) {
          const text = (list[i] as Named).text;
          if (spreadLast.get(text) === group) continue;
          spreadLast.set(text, group);
          spread.set(text, (spread.get(text) ?? 0) + 1);
        }
      }
    const out: FunctionResult[] = [];
    const counts = new Array<number>(styles.length);
    for (const list of groups.values()) {
      // A lone name always has the style it is in, if any (most tools have one or two properties).
      if (list.length < 2) continue;
      counts.fill(0);
      for (let i = 0; i < list.length; i++) {
        const mask = (list[i] as Named).styles;
        for (let s = 0; s < styles.length; s++) if (mask & (1 << s)) counts[s] = (counts[s] as number) + 1;
      }
      let best = 0;
      for (let i = 1; i < styles.length; i++) if ((counts[i] as number) > (counts[best] as number)) best = i;
      const style = styles[best] as CasingStyle;
      const bit = 1 << best;
      const count = counts[best] as number;
      if (count === 0 || count === list.length) continue;
      // The example quoted is a sibling from the document, preferably one of several words.
      let example: string | undefined;
      for (let i = 0; i < list.length && example === undefined; i++) {
        const name = list[i] as Named;
        if (name.styles & bit && distinctive(style, name.text)) example = name.text;
      }
      for (let i = 0; i < list.length && example === undefined; i++) {
        const name = list[i] as Named;
        if (name.styles & bit) example = name.text;
      }
      for (let i = 0; i < list.length; i++) {
        const name = list[i] as Named;
        if (name.styles & bit) continue;
        if (established !== undefined && (spread.get(name.text) ?? 0) >= established) continue;
        const atKey = !namedByValue(name.subject, field);
        out.push({
          message: `${describeValue(nameOf(name.subject, field) as string)} is not ${style} case like the other ${count} name(s) (e.g. ${describeValue(example ?? '')})`,
          // Pointers only for the names reported (a catalog has thousands of names, a few reported).
          pointer: atKey
            ? name.subject.pointer
            : appendPointer(name.subject.pointer, field === '@key' ? 'name' : field),
          atKey,
        });
      }
    }
    return out;
  },
};

function lastMatch(re: RegExp, text: string): number | undefined {
  const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  let end: number | undefined;
  for (const match of text.matchAll(global)) end = (match.index ?? 0) + match[0].length;
  return end;
}

/** The name to check: the subject's own name (`@key`), else the value of its member `field`. */
function nameOf(subject: Subject, field: string): string | undefined {
  if (field === '@key') return subject.name;
  const value = subject.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, field))
    return undefined;
  const text = value[field];
  return typeof text === 'string' ? text : undefined;
}

/**
 * Whether the name is a value in the subject (reported at that value) rather than its key: a
 * `field` member, or the `name` member of a declaration named by it (Tool, Prompt...).
 */
function namedByValue(subject: Subject, field: string): boolean {
  if (field !== '@key') return true;
  const value = subject.value;
  return value !== null && typeof value === 'object' && !Array.isArray(value) && value.name === subject.name;
}
