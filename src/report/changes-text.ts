import { Chalk, type ChalkInstance } from 'chalk';
import { diffWords } from 'diff';
import type { Change, ChangeLevel, DiffResult } from '../diff/types.js';
import type { Location } from '../util/location.js';
import { affectedLabel, subjectLabel } from './changes-markdown.js';
import { showControls } from './controls.js';
import { CHUNK_CHARS } from './json-chunks.js';

export interface TextOptions {
  color: boolean;
}

const TITLES: Record<ChangeLevel, string> = { breaking: 'BREAKING', warning: 'WARNING', info: 'INFO' };

/** Keeps terminal control characters in document text from reaching the terminal. */
const clean = showControls;

function loc(l: Location | undefined): string {
  return l ? `${clean(l.file)}:${l.line}:${l.column}` : '—';
}

const CONTEXT = 40;
/**
 * The longest pair of texts compared word by word, and the most word edits looked for: the word
 * diff takes time in proportion to the length times the edits, so two unrelated descriptions of
 * 30 KB took 3 s and of 1 MB (the scalar limit) would take hours. Prose is far shorter; beyond
 * either bound the old text and the new are shown one after the other, cut to a head.
 */
export const MAX_WORD_DIFF_CHARS = 20_000;
export const MAX_WORD_EDITS = 500;
/** How much of each text a whole replacement shows. */
const SHOWN_WHOLE = 200;

/** Word-level diff of two texts: red/green with colour, `[-old-]{+new+}` without. */
export function wordDiff(oldText: string, newText: string, c: ChalkInstance, color: boolean): string {
  const parts =
    oldText.length + newText.length <= MAX_WORD_DIFF_CHARS
      ? diffWords(oldText, newText, { maxEditLength: MAX_WORD_EDITS })
      : undefined;
  if (parts === undefined) {
    const head = (text: string) => {
      if (text.length <= SHOWN_WHOLE + 20) return clean(text);
      // Never half of a surrogate pair.
      const end = SHOWN_WHOLE - (/[\uD800-\uDBFF]/.test(text.charAt(SHOWN_WHOLE - 1)) ? 1 : 0);
      return clean(`${text.slice(0, end)} … (${text.length - end} more characters)`);
    };
    return color
      ? `${c.red.strikethrough(head(oldText))} ${c.green.underline(head(newText))}`
      : `[-${head(oldText)}-] {+${head(newText)}+}`;
  }
  return parts
    .map((part, i) => {
      let value = clean(part.value);
      if (!part.added && !part.removed && value.length > 2 * CONTEXT + 5) {
        // Unchanged stretches keep a little context on each side of a change.
        const head = i > 0 ? value.slice(0, CONTEXT) : '';
        const tail = i < parts.length - 1 ? value.slice(-CONTEXT) : '';
        value = `${head}${c.dim(' … ')}${tail}`;
      }
      if (part.added) return color ? c.green.underline(value) : `{+${value}+}`;
      if (part.removed) return color ? c.red.strikethrough(value) : `[-${value}-]`;
      return value;
    })
    .join('');
}

function levelColor(c: ChalkInstance, level: ChangeLevel): ChalkInstance {
  return level === 'breaking' ? c.red.bold : level === 'warning' ? c.yellow.bold : c.cyan;
}

/** Grouped by level, then subject; each change with old/new file:line and a word diff of changed prose. */
export function formatChangesText(result: DiffResult, options: TextOptions): string {
  return Array.from(formatChangesTextChunks(result, options)).join('');
}

/** Text written as it is made, a chunk per subject or about a megabyte: see formatChangesJsonChunks. */
export function* formatChangesTextChunks(
  result: DiffResult,
  options: TextOptions,
  chunkChars = CHUNK_CHARS,
): Generator<string> {
  const c = new Chalk({ level: options.color ? 1 : 0 });
  let out = '';
  for (const level of ['breaking', 'warning', 'info'] as const) {
    const changes = result.changes.filter((ch) => ch.level === level);
    if (changes.length === 0) continue;
    out += `\n${levelColor(c, level)(`${TITLES[level]} (${changes.length})`)}\n`;
    const bySubject = new Map<string, Change[]>();
    for (const ch of changes) {
      const key = subjectLabel(ch);
      const list = bySubject.get(key) ?? [];
      list.push(ch);
      bySubject.set(key, list);
    }
    for (const [subject, list] of bySubject) {
      out += `\n  ${c.bold(clean(subject))}\n`;
      for (const ch of list) {
        if (out.length >= chunkChars) {
          yield out;
          out = '';
        }
        out += `    ${levelColor(c, level)('•')} ${clean(ch.message)}  ${c.dim(ch.ruleId)}\n`;
        out += `      ${c.dim(`MCP ${ch.revisions.join(', ') || '-'} · old ${loc(ch.before)} · new ${loc(ch.after)} · ${ch.fingerprint}`)}\n`;
        const affected = affectedLabel(ch);
        if (affected !== undefined) out += `      ${clean(affected)}\n`;
        const d = ch.details;
        if (
          d &&
          typeof d.old === 'string' &&
          typeof d.new === 'string' &&
          (d.old.includes(' ') || d.new.includes(' '))
        ) {
          const text = wordDiff(d.old, d.new, c, options.color).replace(/\n/g, '\n        ');
          out += `        ${text}\n`;
        }
      }
    }
  }
  const s = result.summary;
  out += `\n${s.total === 0 ? 'No changes' : `${c.red.bold(`${s.breaking} breaking`)}, ${c.yellow(`${s.warning} warning${s.warning === 1 ? '' : 's'}`)}, ${c.cyan(`${s.info} info`)}`}`;
  if (s.ignored > 0) out += ` (${s.ignored} ignored)`;
  out += ` — MCP ${s.revisions.compared.join(', ') || 'no shared revision'}\n`;
  yield out;
}
