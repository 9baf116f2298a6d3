/**
 * YAML output that keeps what the author wrote: key order, comments, scalar quoting and flow/block
 * style of every value the migration did not touch. The source is parsed into a `yaml` Document and
 * edited in place towards the migrated value (kept nodes stay the same node objects, so their
 * comments stay with them; a moved value, such as an inline security scheme becoming
 * `securitySchemes.<name>`, takes its node and comments along; a wrapped value, such as the
 * capabilities object, becomes the item of a new sequence). New scalars that a YAML 1.1 reader
 * would misread (`2025-11-25`, `yes`) are single-quoted.
 *
 * Comments that were attached to removed nodes (an empty collection, `info.protocolVersion` when it
 * had none of its own to move) are listed as notes. If the edited document does not decode back to
 * exactly the migrated value, the plain serialiser is used instead and a note says so.
 */
import {
  type Document,
  isMap,
  isScalar,
  isSeq,
  type Node,
  Pair,
  parse,
  parseDocument,
  Scalar,
  YAMLMap,
  YAMLSeq,
} from 'yaml';
import { serialize } from '../model/serialize.js';
import { loadDocument } from '../parse/index.js';
import { LineIndex } from '../parse/lines.js';
import { isJsonObject, type JsonObject, type JsonValue, jsonEqual } from '../util/json.js';
import { appendPointer, parsePointer } from '../util/pointer.js';
import { makePointerMapper } from './migrate.js';
import { entry, type ReportEntry } from './report.js';
import type { PointerMove } from './steps/types.js';

export interface YamlOutput {
  text: string;
  /** False when the plain serialiser had to be used (comments and styles lost). */
  preserved: boolean;
  notes: ReportEntry[];
}

interface Commented {
  commentBefore?: string | null;
  comment?: string | null;
  spaceBefore?: boolean;
}

/** True when most block sequences of the source are indented under their key (`key:\n  - item`). */
export function detectIndentSeq(text: string): boolean {
  const pattern = /^( *)[^\s#-][^\n]*:[ \t]*\r?\n(?:[ \t]*(?:#[^\n]*)?\r?\n)*( *)- /gm;
  let indented = 0;
  let flush = 0;
  for (const match of text.matchAll(pattern)) {
    if ((match[2] ?? '').length > (match[1] ?? '').length) indented++;
    else flush++;
  }
  return indented >= flush;
}

/** Whether a plain string would read back as something else (YAML 1.1 booleans, numbers, tags…). */
export function needsQuotes(text: string): boolean {
  try {
    // Silent: `!x` reads as an unknown tag, which the yaml package would report on stderr.
    return parse(text, { schema: 'yaml-1.1', logLevel: 'silent' }) !== text;
  } catch {
    return true;
  }
}

/** Renders the migrated value as YAML, keeping the source's comments and styles where possible. */
export function renderYamlPreserving(
  sourceText: string,
  target: JsonObject,
  moves: readonly PointerMove[],
): YamlOutput {
  const mapPointer = makePointerMapper(moves);
  const notes: ReportEntry[] = [];
  try {
    const doc = parseDocument(sourceText, { keepSourceTokens: false, uniqueKeys: true, merge: false });
    if (doc.errors.length > 0 || !isMap(doc.contents)) throw new Error('unexpected source shape');
    const before = collectComments(doc, sourceText);
    edit(doc, target, moves, mapPointer);
    let text = doc.toString({ indent: 2, indentSeq: detectIndentSeq(sourceText), lineWidth: 80 });
    if (!text.endsWith('\n')) text += '\n';
    const check = loadDocument(text, { file: '<migrated>', format: 'yaml' });
    if (!jsonEqual(check.value, target))
      throw new Error('the edited YAML does not decode to the migrated value');
    const after = new Map<string, number>();
    for (const c of collectComments(doc, undefined)) after.set(c.text, (after.get(c.text) ?? 0) + 1);
    for (const c of before) {
      const left = after.get(c.text) ?? 0;
      if (left > 0) {
        after.set(c.text, left - 1);
        continue;
      }
      notes.push({
        kind: 'note',
        code: 'yaml-comment-dropped',
        message: `comment ${JSON.stringify(c.text.trim())} was attached to a value the migration removed and could not be kept`,
        source: { pointer: c.pointer, ...(c.line !== undefined ? { line: c.line, column: 1 } : {}) },
      });
    }
    return { text, preserved: true, notes };
  } catch (error) {
    notes.push(
      entry(
        'note',
        'yaml-plain-serialisation',
        `YAML comments and styles could not be kept (${error instanceof Error ? error.message : String(error)}); the document was written by the plain serialiser`,
      ),
    );
    return { text: serialize(target, 'yaml'), preserved: false, notes };
  }
}

interface FoundComment {
  text: string;
  pointer: string;
  line?: number;
}

function collectComments(doc: Document, sourceText: string | undefined): FoundComment[] {
  const lines = sourceText === undefined ? undefined : new LineIndex(sourceText);
  const out: FoundComment[] = [];
  const add = (text: string | null | undefined, pointer: string, node: unknown) => {
    if (!text) return;
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    const found: FoundComment = { text, pointer };
    if (lines && range) found.line = lines.position(range[0]).line;
    out.push(found);
  };
  add(doc.commentBefore, '', undefined);
  add(doc.comment, '', undefined);
  const walk = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    const c = node as Commented;
    add(c.commentBefore, pointer, node);
    add(c.comment, pointer, node);
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const at = appendPointer(pointer, key);
        walk(pair.key, at);
        walk(pair.value, at);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        walk(item, appendPointer(pointer, i));
      });
    }
  };
  walk(doc.contents, '');
  return out;
}

/** The node at a JSON pointer of the source document, with its pair when it is a map member. */
function findNode(doc: Document, pointer: string): { node: unknown; pair?: Pair } | undefined {
  let node: unknown = doc.contents;
  let pair: Pair | undefined;
  for (const segment of parsePointer(pointer)) {
    if (isMap(node)) {
      pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === segment);
      if (!pair) return undefined;
      node = pair.value;
    } else if (isSeq(node)) {
      pair = undefined;
      node = node.items[Number(segment)];
      if (node === undefined) return undefined;
    } else {
      return undefined;
    }
  }
  return pair ? { node, pair } : { node };
}

function edit(
  doc: Document,
  target: JsonObject,
  moves: readonly PointerMove[],
  mapPointer: (p: string) => string,
): void {
  const quoted = (value: JsonValue): Node => {
    const node = doc.createNode(value) as Node;
    if (isScalar(node) && typeof node.value === 'string' && needsQuotes(node.value))
      node.type = Scalar.QUOTE_SINGLE;
    return node;
  };
  const copyComments = (from: unknown, to: Node) => {
    if (!from || typeof from !== 'object') return;
    const f = from as Commented;
    const t = to as Commented;
    if (f.commentBefore) t.commentBefore = f.commentBefore;
    if (f.comment) t.comment = f.comment;
    if (f.spaceBefore) t.spaceBefore = true;
  };

  // Source nodes (and pairs) that move to another place: never edited or copied at the old one.
  // Looked up before any edit: the old place may be gone by the time the new place is built.
  const movedAway = new Set<unknown>();
  const origins = new Map<string, { node: unknown; pair?: Pair }>();
  for (const m of moves) {
    const found = findNode(doc, m.source);
    if (!found) continue;
    origins.set(m.source, found);
    movedAway.add(found.node);
    if (found.pair) movedAway.add(found.pair);
  }
  const used = new Set<unknown>();

  const reconcile = (node: unknown, target: JsonValue, pointer: string, adopting = false): Node => {
    if (movedAway.has(node) && !adopting) {
      // The old place of a moved value (e.g. an inline scheme that became a requirement): new node.
      return fresh(target, pointer);
    }
    if (isScalar(node) && (target === null || typeof target !== 'object') && node.value === target)
      return node;
    if (isMap(node) && isJsonObject(target)) {
      const items: Pair[] = [];
      for (const key of Object.keys(target)) {
        const at = appendPointer(pointer, key);
        const value = target[key] as JsonValue;
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
        if (pair) {
          pair.value = reconcile(pair.value, value, at);
          items.push(pair);
        } else {
          items.push(newPair(key, value, at));
        }
      }
      node.items = items;
      return node;
    }
    if (isSeq(node) && Array.isArray(target)) {
      node.items = target.map((t, i) =>
        i < node.items.length
          ? reconcile(node.items[i], t, appendPointer(pointer, i))
          : fresh(t, appendPointer(pointer, i)),
      );
      return node;
    }
    const replacement = fresh(target, pointer);
    copyComments(node, replacement);
    return replacement;
  };

  /** A node for a value that is new at `pointer`: the moved source node when there is one. */
  const fresh = (value: JsonValue, pointer: string): Node => {
    const from = mapPointer(pointer);
    if (from !== pointer) {
      const found = origins.get(from);
      if (
        found &&
        movedAway.has(found.node) &&
        !used.has(found.node) &&
        (isMap(found.node) || isSeq(found.node))
      ) {
        used.add(found.node);
        return reconcile(found.node, value, pointer, true);
      }
    }
    if (Array.isArray(value)) {
      const seq = new YAMLSeq(doc.schema);
      seq.items = value.map((v, i) => fresh(v, appendPointer(pointer, i)));
      if (value.length === 0) seq.flow = true;
      return seq;
    }
    if (isJsonObject(value)) {
      const map = new YAMLMap(doc.schema);
      for (const key of Object.keys(value))
        map.items.push(newPair(key, value[key] as JsonValue, appendPointer(pointer, key)));
      if (Object.keys(value).length === 0) map.flow = true;
      return map;
    }
    return quoted(value);
  };

  const newPair = (key: string, value: JsonValue, pointer: string): Pair => {
    const keyNode = quoted(key) as Scalar;
    const pair = new Pair(keyNode, fresh(value, pointer));
    const from = mapPointer(pointer);
    const found = from !== pointer ? origins.get(from) : undefined;
    if (found?.pair && movedAway.has(found.pair) && !used.has(found.pair)) {
      // A moved member (info.protocolVersion → protocolVersions) takes its comments along.
      used.add(found.pair);
      copyComments(found.pair.key, keyNode);
      const trailing = isScalar(found.node) ? (found.node as Commented).comment : undefined;
      if (trailing && pair.value) (pair.value as Commented).comment = trailing;
    }
    return pair;
  };

  doc.contents = reconcile(doc.contents, target, '') as YAMLMap;
}
