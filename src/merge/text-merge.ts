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
import { diff3Merge } from 'node-diff3';
import { isMap, isScalar, isSeq, type Node, parseDocument } from 'yaml';
import { type JsonValue, jsonEqual } from '../util/json.js';
import { editText, type TextFormat } from './text-edit.js';

export interface TextSide {
  text: string;
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
  const oursEdited = editText(ours.text, format, merged);
  if (oursEdited === undefined) return { ok: false, reason: 'unwritable' };
  if (!base) return { ok: true, text: oursEdited };
  const theirsEdited = editText(theirs.text, format, merged);
  const baseEdited = editText(base.text, format, merged);
  if (theirsEdited === undefined || baseEdited === undefined) {
    // Theirs' comment edits cannot be placed: acceptable only when theirs made none.
    return sameComments(format, base.text, theirs.text)
      ? { ok: true, text: oursEdited }
      : { ok: false, reason: 'unwritable' };
  }
  if (theirsEdited === baseEdited) return { ok: true, text: oursEdited };
  if (oursEdited === baseEdited) return { ok: true, text: theirsEdited };
  const regions = diff3Merge(lines(oursEdited), lines(baseEdited), lines(theirsEdited), {
    excludeFalseConflicts: true,
  });
  const out: string[] = [];
  const conflicts: TextConflict[] = [];
  for (const region of regions) {
    if (region.ok) out.push(...region.ok);
    else if (region.conflict) {
      const { a, aIndex, b, bIndex, o, oIndex } = region.conflict;
      conflicts.push({
        ours: [aIndex + 1, aIndex + Math.max(a.length, 1)],
        theirs: [bIndex + 1, bIndex + Math.max(b.length, 1)],
        base: [oIndex + 1, oIndex + Math.max(o.length, 1)],
      });
      out.push(...a);
    }
  }
  const text = out.join('');
  if (conflicts.length === 0 && decodesTo(text, format, merged)) return { ok: true, text };
  // Overlapping edits of layout only (theirs' comments unchanged) are not worth a conflict: ours'
  // layout wins there, as it does everywhere neither side changed anything.
  if (sameComments(format, base.text, theirs.text)) return { ok: true, text: oursEdited };
  return { ok: false, reason: 'overlap', conflicts, proposal: oursEdited };
}

/** Lines with their line endings, so CRLF and a missing final newline survive the merge. */
function lines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function decodesTo(text: string, format: TextFormat, value: JsonValue): boolean {
  try {
    if (format === 'json') return jsonEqual(JSON.parse(text.replace(/^\ufeff/, '')), value);
    const doc = parseDocument(text, { uniqueKeys: true, merge: false });
    return doc.errors.length === 0 && jsonEqual(doc.toJS(), value);
  } catch {
    return false;
  }
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
