/** `casing` (one fixed style) and `consistentCasing` (one style per document or per declaration, the majority's). */
import type { JsonValue } from '../../util/json.js';
import { appendPointer } from '../../util/pointer.js';
import {
  type FunctionDefinition,
  type FunctionResult,
  isSubjectType,
  type Subject,
  type SubjectFold,
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
 * What a tally knows of one spelling, found by one map lookup per name: `styles`, bit i set when
 * it is in `styles[i]`; with `established`, how many declarations use it and the last one counted
 * (by the number of its decision: each group is decided once, and no declaration is kept for it).
 */
interface Spelling {
  styles: number;
  declarations: number;
  lastDecision: number;
}

/**
 * A name as checked: `text` without the stripped prefix, and what is known of that spelling. The
 * name as written and where to report it are worked out from the subject for the few names reported.
 */
interface Named {
  text: string;
  subject: Subject;
  spelling: Spelling;
}

/** A name that differs from its group's style, reported unless its spelling is established. */
interface Candidate {
  name: Named;
  style: CasingStyle;
  count: number;
  example: string | undefined;
}

const DEFAULT_STYLES: CasingStyle[] = ['snake', 'camel', 'kebab', 'pascal', 'macro'];

/**
 * Subject types whose `parent` is the declaration they belong to (a Tool, Prompt, Resource...). The
 * walk makes all of a declaration's subjects before the next declaration's, so with `scope: parent`
 * each group of names arrives whole and can be decided as soon as the next one starts.
 */
const DECLARATION_PARTS: ReadonlySet<SubjectType> = new Set<SubjectType>([
  'ToolInputSchema',
  'ToolOutputSchema',
  'ToolInputProperty',
  'ToolOutputProperty',
  'PromptArgument',
  'Elicitation',
  'Example',
]);

/**
 * The names of `options.subjects`, grouped (by declaration, or all in one group), each group decided
 * once whole: the style most of its names use, the names that differ. Names come in through `add`,
 * in any order; with `streaming`, the caller promises each group arrives whole (see
 * DECLARATION_PARTS), and a group is decided when the next begins, so only the names that differ
 * outlive their group: a catalog's tens of thousands of input properties are then never kept.
 */
class CasingTally {
  private readonly styles: CasingStyle[];
  private readonly field: string;
  private readonly strip: RegExp | undefined;
  private readonly byParent: boolean;
  private readonly established: number | undefined;
  private readonly typeIndex = new Map<SubjectType, number>();
  /**
   * Not streaming: the groups, by declaration (the parent subject itself), or the one group; per
   * group, names per type. (Streaming keeps its one open group in `currentLists`.)
   */
  private readonly groups = new Map<Subject | undefined, Named[][]>();
  /** The group names last came into (streaming: the only open one). */
  private current: Subject | undefined | null = null;
  /** Streaming: the open group's names, kept here rather than in `groups` (a map entry per declaration). */
  private currentLists: Named[][] | undefined;
  /**
   * A server's property names repeat across its tools (`owner`, `perPage`): each spelling is matched
   * against the styles once, and counted without a map lookup of its own (three per name were most
   * of this rule's time on a catalog).
   */
  private readonly spellings = new Map<string, Spelling>();
  private decisions = 0;
  private readonly candidates: Candidate[] = [];
  private readonly counts: number[];

  constructor(
    options: ConsistentOptions,
    private readonly streaming: boolean,
  ) {
    // Repeats dropped (a tie still goes to the first listed): at most seven styles, one bit each.
    this.styles = [...new Set(options.styles ?? DEFAULT_STYLES)];
    this.counts = new Array<number>(this.styles.length);
    this.field = options.field ?? '@key';
    this.strip = options.stripPrefix ? new RegExp(options.stripPrefix, 'g') : undefined;
    this.byParent = options.scope === 'parent';
    this.established = this.byParent ? options.established : undefined;
    // A group lists its names type by type, in the order the options give the types.
    for (const type of options.subjects)
      if (isSubjectType(type) && !this.typeIndex.has(type)) this.typeIndex.set(type, this.typeIndex.size);
  }

  /** The types whose subjects are counted, in the options' order. */
  get types(): SubjectType[] {
    return [...this.typeIndex.keys()];
  }

  /**
   * Whether a group can be decided as soon as the next one starts: one group per declaration, and
   * only types that belong to a declaration.
   */
  get canStream(): boolean {
    if (!this.byParent) return false;
    for (const type of this.typeIndex.keys()) if (!DECLARATION_PARTS.has(type)) return false;
    return true;
  }

  add(subject: Subject): void {
    const type = this.typeIndex.get(subject.type);
    if (type === undefined) return;
    let text = nameOf(subject, this.field);
    if (text === undefined) return;
    if (this.strip) {
      const match = lastMatch(this.strip, text);
      if (match !== undefined) text = text.slice(match);
    }
    // A name that starts with a digit (`0`, `255`, `2fa_code`) fits no style and follows none.
    const first = text.charCodeAt(0);
    if (first >= 0x30 && first <= 0x39) return;
    const group = this.byParent ? subject.parent : undefined;
    let lists: Named[][] | undefined;
    if (this.streaming) {
      if (group !== this.current || this.currentLists === undefined) {
        if (this.currentLists !== undefined) this.decideLists(this.currentLists);
        this.currentLists = [];
        this.current = group;
      }
      lists = this.currentLists;
    } else {
      lists = this.groups.get(group);
      if (lists === undefined) this.groups.set(group, (lists = []));
    }
    let list = lists[type];
    if (list === undefined) lists[type] = list = [];
    let spelling = this.spellings.get(text);
    if (spelling === undefined) {
      const all = styleMask(text);
      let mask = 0;
      for (let s = 0; s < this.styles.length; s++)
        if (all & STYLE_BIT[this.styles[s] as CasingStyle]) mask |= 1 << s;
      spelling = { styles: mask, declarations: 0, lastDecision: 0 };
      this.spellings.set(text, spelling);
    }
    list.push({ text, subject, spelling });
  }

  /** Every name added: the names that differ from their group's style, as the function's results. */
  results(): FunctionResult[] {
    if (this.currentLists !== undefined) this.decideLists(this.currentLists);
    this.currentLists = undefined;
    for (const group of [...this.groups.keys()]) this.decide(group);
    this.current = null;
    const out: FunctionResult[] = [];
    const { established, field } = this;
    for (const { name, style, count, example } of this.candidates) {
      if (established !== undefined && name.spelling.declarations >= established) continue;
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
    return out;
  }

  /** Decides a whole group: its spellings counted, the names that differ from its style kept. */
  private decide(group: Subject | undefined): void {
    const lists = this.groups.get(group);
    if (lists === undefined) return;
    this.groups.delete(group);
    this.decideLists(lists);
  }

  /** Decides one group from its names, listed by type. */
  private decideLists(lists: Named[][]): void {
    const list = lists.length === 1 ? (lists[0] as Named[]) : lists.flat();
    const decision = ++this.decisions;
    if (this.established !== undefined)
      for (let i = 0; i < list.length; i++) {
        const spelling = (list[i] as Named).spelling;
        if (spelling.lastDecision === decision) continue;
        spelling.lastDecision = decision;
        spelling.declarations++;
      }
    // A lone name always has the style it is in, if any (most tools have one or two properties).
    if (list.length < 2) return;
    const { styles, counts } = this;
    counts.fill(0);
    for (let i = 0; i < list.length; i++) {
      const mask = (list[i] as Named).spelling.styles;
      for (let s = 0; s < styles.length; s++) if (mask & (1 << s)) counts[s] = (counts[s] as number) + 1;
    }
    let best = 0;
    for (let i = 1; i < styles.length; i++) if ((counts[i] as number) > (counts[best] as number)) best = i;
    const style = styles[best] as CasingStyle;
    const bit = 1 << best;
    const count = counts[best] as number;
    if (count === 0 || count === list.length) return;
    // The example quoted is a sibling from the document, preferably one of several words.
    let example: string | undefined;
    for (let i = 0; i < list.length && example === undefined; i++) {
      const name = list[i] as Named;
      if (name.spelling.styles & bit && distinctive(style, name.text)) example = name.text;
    }
    for (let i = 0; i < list.length && example === undefined; i++) {
      const name = list[i] as Named;
      if (name.spelling.styles & bit) example = name.text;
    }
    for (let i = 0; i < list.length; i++) {
      const name = list[i] as Named;
      if (!(name.spelling.styles & bit)) this.candidates.push({ name, style, count, example });
    }
  }
}

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
  fold: (options: ConsistentOptions): SubjectFold | undefined => {
    const tally = new CasingTally(options, true);
    return tally.canStream
      ? { types: tally.types, add: (s) => tally.add(s), results: () => tally.results() }
      : undefined;
  },
  fn: (_target: JsonValue | undefined, options: ConsistentOptions, context) => {
    const tally = new CasingTally(options, false);
    for (const type of tally.types) {
      const subjects = context.subjects.get(type) ?? [];
      for (let i = 0; i < subjects.length; i++) tally.add(subjects[i] as Subject);
    }
    return tally.results();
  },
};

/** Where the last match of `global` (a regular expression with the `g` flag) in `text` ends. */
function lastMatch(global: RegExp, text: string): number | undefined {
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
