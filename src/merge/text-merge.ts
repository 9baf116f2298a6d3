/**
 * The text the merge driver writes after a clean merge: ours' file with the merged value, and the
 * comment and layout edits of both sides. Pure.
 *
 * Each side's text (and the base's) is first edited to the merged value with minimal edits
 * (text-edit.ts), so the three texts differ only where the authors' comments and layout differ. A
 * line-based three-way merge of those texts (diff3, as git's own) then keeps the comment edits of
 * both sides where they touch different lines; where both sides changed the same lines differently,
 * it is a conflict, as git's own merge would make it. A declaration added or changed by theirs
 * arrives as theirs wrote it (comments included), since in the other two texts it is the same
 * rendering.
 */
import { diffArrays } from 'diff';
import { isMap, isScalar, isSeq, type Node, parseDocument } from 'yaml';
import { type JsonValue, jsonEqual } from '../util/json.js';
import { decodesTo, editText, type TextFormat } from './text-edit.js';

export interface TextSide {
  text: string;
  /** What the text decodes to, when known (saves decoding it again). */
  value?: JsonValue;
}

/** Lines of ours and theirs where both changed comments or layout differently (1-based, inclusive). */
export interface TextConflict {
  ours: [number, number];
  theirs: [number, number];
  base: [number, number];
}

export type TextMergeResult =
  | { ok: true; text: string }
  | { ok: false; reason: 'overlap'; conflicts: TextConflict[]; proposal: string }
  | { ok: false; reason: 'unwritable' };

export function mergeTexts(
  format: TextFormat,
  merged: JsonValue,
  ours: TextSide,
  theirs: TextSide,
  base?: TextSide,
): TextMergeResult {
  const edit = (side: TextSide, verify: boolean) =>
    editText(
      side.text,
      format,
      merged,
      side.value === undefined ? { verify } : { verify, current: side.value },
    );
  // Ours' edited text is the fallback: checked now. The others only feed the line merge, whose
  // result is checked below.
  const oursEdited = edit(ours, true);
  if (oursEdited === undefined) return { ok: false, reason: 'unwritable' };
  if (!base) return { ok: true, text: oursEdited };
  const theirsEdited = edit(theirs, false);
  const baseEdited = edit(base, false);
  if (theirsEdited === undefined || baseEdited === undefined) {
    // Theirs' comment edits cannot be placed: acceptable only when theirs made none.
    return sameComments(format, base.text, theirs.text)
      ? { ok: true, text: oursEdited }
      : { ok: false, reason: 'unwritable' };
  }
  if (theirsEdited === baseEdited) return { ok: true, text: oursEdited };
  if (oursEdited === baseEdited && decodesTo(theirsEdited, format, merged))
    return { ok: true, text: theirsEdited };
  const { text: joined, conflicts } = mergeLines(lines(baseEdited), lines(oursEdited), lines(theirsEdited));
  if (conflicts.length === 0 && decodesTo(joined, format, merged)) return { ok: true, text: joined };
  // Overlapping edits of layout only (theirs' comments unchanged) are not worth a conflict: ours'
  // layout wins there, as it does everywhere neither side changed anything.
  if (sameComments(format, base.text, theirs.text)) return { ok: true, text: oursEdited };
  return { ok: false, reason: 'overlap', conflicts, proposal: oursEdited };
}

/** A change of one side: base lines [start, end) replaced by `lines`. */
interface Hunk {
  start: number;
  end: number;
  lines: string[];
  /** Where the replacement starts in that side's text (0-based line). */
  at: number;
}

/**
 * Most line edits a diff of one side against the base looks for. Myers' diff costs time in
 * proportion to the lines times the edits: a side that rewrote a few thousand lines (a generated
 * description, a fuzzed one) took seconds. Beyond it, the side's changed lines are one hunk,
 * which can only make the merge coarser (an overlap where finer hunks would not meet), never
 * take a line from the wrong side.
 */
export const MAX_LINE_EDITS = 1000;

/** The hunks turning `base` into `side` (Myers' diff: fast when the texts differ in few places). */
function hunks(base: string[], side: string[]): Hunk[] {
  // Lines both keep at the start and the end are left out of the diff, which then costs only what
  // lies between them.
  let head = 0;
  while (head < base.length && head < side.length && base[head] === side[head]) head++;
  let tail = 0;
  while (
    tail < base.length - head &&
    tail < side.length - head &&
    base[base.length - 1 - tail] === side[side.length - 1 - tail]
  )
    tail++;
  const baseEnd = base.length - tail;
  const sideEnd = side.length - tail;
  if (head === baseEnd && head === sideEnd) return [];
  const parts = diffArrays(base.slice(head, baseEnd), side.slice(head, sideEnd), {
    maxEditLength: MAX_LINE_EDITS,
  });
  if (parts === undefined) return [{ start: head, end: baseEnd, lines: side.slice(head, sideEnd), at: head }];
  const out: Hunk[] = [];
  let b = head;
  let s = head;
  let open: Hunk | undefined;
  for (const part of parts) {
    const count = part.value.length;
    if (!part.added && !part.removed) {
      if (open) out.push(open);
      open = undefined;
      b += count;
      s += count;
      continue;
    }
    open ??= { start: b, end: b, lines: [], at: s };
    if (part.removed) {
      b += count;
      open.end = b;
    } else {
      open.lines.push(...part.value);
      s += count;
    }
  }
  if (open) out.push(open);
  return out;
}

/**
 * A line-based three-way merge (diff3): changes of one side are taken where the other side left the
 * base lines alone; changes of both sides to overlapping base lines (or insertions at one place)
 * merge only when equal, otherwise they are a conflict and ours' lines stand there.
 */
export function mergeLines(
  base: string[],
  ours: string[],
  theirs: string[],
): { text: string; conflicts: TextConflict[] } {
  const mine = hunks(base, ours);
  const other = hunks(base, theirs);
  const out: string[] = [];
  const conflicts: TextConflict[] = [];
  const overlaps = (a: Hunk, b: Hunk) =>
    a.start < b.end && b.start < a.end
      ? true
      : a.start === b.start && (a.start === a.end || b.start === b.end);
  let position = 0;
  let i = 0;
  let j = 0;
  while (i < mine.length || j < other.length) {
    const a = mine[i];
    const b = other[j];
    let group: { ours: Hunk[]; theirs: Hunk[] };
    if (a && (!b || a.start <= b.start)) group = { ours: [a], theirs: [] };
    else group = { ours: [], theirs: [b as Hunk] };
    if (group.ours.length > 0) i++;
    else j++;
    // Grow the group while hunks of either side overlap it.
    let start = (group.ours[0] ?? (group.theirs[0] as Hunk)).start;
    let end = (group.ours[0] ?? (group.theirs[0] as Hunk)).end;
    const span: Hunk = { start, end, lines: [], at: 0 };
    for (;;) {
      const nextA = mine[i];
      const nextB = other[j];
      if (nextA && overlaps({ ...span, start, end }, nextA)) {
        group.ours.push(nextA);
        end = Math.max(end, nextA.end);
        start = Math.min(start, nextA.start);
        i++;
      } else if (nextB && overlaps({ ...span, start, end }, nextB)) {
        group.theirs.push(nextB);
        end = Math.max(end, nextB.end);
        start = Math.min(start, nextB.start);
        j++;
      } else break;
    }
    for (let k = position; k < start; k++) out.push(base[k] as string);
    const side = (list: Hunk[]): string[] => {
      // The side's text of base lines [start, end): its hunks, and the base lines between them.
      const text: string[] = [];
      let at = start;
      for (const hunk of list) {
        for (let k = at; k < hunk.start; k++) text.push(base[k] as string);
        text.push(...hunk.lines);
        at = hunk.end;
      }
      for (let k = at; k < end; k++) text.push(base[k] as string);
      return text;
    };
    const oursText = side(group.ours);
    const theirsText = side(group.theirs);
    if (group.theirs.length === 0) out.push(...oursText);
    else if (group.ours.length === 0) out.push(...theirsText);
    else if (oursText.join('') === theirsText.join('')) out.push(...oursText);
    else {
      // The group's first line in a side: its first hunk's line, less the base lines before that hunk.
      const first = (list: Hunk[]) => (list[0] as Hunk).at - ((list[0] as Hunk).start - start);
      conflicts.push({
        ours: [first(group.ours) + 1, first(group.ours) + Math.max(oursText.length, 1)],
        theirs: [first(group.theirs) + 1, first(group.theirs) + Math.max(theirsText.length, 1)],
        base: [start + 1, start + Math.max(end - start, 1)],
      });
      out.push(...oursText);
    }
    position = end;
  }
  for (let k = position; k < base.length; k++) out.push(base[k] as string);
  return { text: out.join(''), conflicts };
}

/** Lines with their line endings, so CRLF and a missing final newline survive the merge. */
function lines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The comments of a YAML text, in order (JSON has none). */
export function commentsOf(format: TextFormat, text: string): string[] {
  if (format === 'json') return [];
  const doc = parseDocument(text, { uniqueKeys: false, merge: false });
  const out: string[] = [];
  const note = (holder: { commentBefore?: string | null; comment?: string | null }) => {
    if (holder.commentBefore) out.push(holder.commentBefore);
    if (holder.comment) out.push(holder.comment);
  };
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    note(node as Node);
    if (isMap(node))
      for (const pair of node.items) {
        visit(pair.key);
        visit(pair.value);
      }
    else if (isSeq(node)) for (const item of node.items) visit(item);
    else if (isScalar(node)) return;
  };
  note(doc);
  visit(doc.contents);
  return out;
}

function sameComments(format: TextFormat, a: string, b: string): boolean {
  return jsonEqual(commentsOf(format, a), commentsOf(format, b));
}
