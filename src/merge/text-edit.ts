/**
 * Minimal edits of a description's text towards a target value: what the merge driver writes.
 *
 * The text is edited only where its value differs from the target, so everything else (comments,
 * blank lines, key order, quoting, flow or block style, indentation, line endings, the final
 * newline) stays byte for byte. YAML is located through the `yaml` package's Document (each node's
 * source range) and edited as text; JSON is located through `jsonc-parser`'s syntax tree and edited
 * as text, with the file's own indentation and line endings. Array members are aligned by identity (name, uri,
 * uriTemplate, transport type and address) so a changed declaration is edited in place, never
 * removed and re-added.
 *
 * A result is decoded again and compared with the target (unless the caller checks the text it
 * finally writes): an edit that does not give exactly the target is never returned.
 */
import * as jsoncModule from 'jsonc-parser';
import { Document, isMap, isScalar, isSeq, type Node, type Pair, parseDocument, Scalar } from 'yaml';
import { detectIndentSeq, needsQuotes } from '../migrate/yaml-preserve.js';
import { isJsonObject, type JsonObject, type JsonValue, jsonEqual, sortedJson } from '../util/json.js';

export type TextFormat = 'json' | 'yaml';

// jsonc-parser is ESM for bundlers and UMD (CommonJS) for Node: its functions are on the namespace
// in the one case and on its default export in the other. (Read with Reflect.get: the bundler
// resolves `.default` statically against the ES module build, which has none, and warns.)
const jsonc: Pick<typeof jsoncModule, 'getNodeValue' | 'parseTree'> =
  typeof jsoncModule.parseTree === 'function'
    ? jsoncModule
    : (Reflect.get(jsoncModule, 'default') as typeof jsoncModule);

export interface EditOptions {
  /** What `source` decodes to, when the caller knows: an unchanged value returns the source as is. */
  current?: JsonValue;
  /**
   * Decode the result and compare it with the target (default true). A caller that checks the text
   * it finally writes may skip it for intermediate texts: decoding a large YAML file is slow.
   */
  verify?: boolean;
}

/** `source` edited so that it decodes to `target`; undefined when that cannot be done faithfully. */
export function editText(
  source: string,
  format: TextFormat,
  target: JsonValue,
  options: EditOptions = {},
): string | undefined {
  if (options.current !== undefined && jsonEqual(options.current, target)) return source;
  try {
    const text = format === 'json' ? editJson(source, target) : editYaml(source, target);
    if (text === undefined || options.verify === false) return text;
    return decodesTo(text, format, target) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** True when `text` decodes (strictly: unique keys) to exactly `value`. */
export function decodesTo(text: string, format: TextFormat, value: JsonValue): boolean {
  try {
    return jsonEqual(decode(text, format), value);
  } catch {
    return false;
  }
}

function decode(text: string, format: TextFormat): unknown {
  if (format === 'json') return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const doc = parseDocument(text, { uniqueKeys: true, merge: false });
  if (doc.errors.length > 0) throw new Error('not YAML');
  return doc.toJS();
}

// ── array alignment ─────────────────────────────────────────────────────────────────────────────

/** What identifies an array member across versions: a declaration's identity, else its content. */
function memberKeys(items: readonly JsonValue[]): string[] {
  const identity = (item: JsonValue): string | undefined => {
    if (!isJsonObject(item)) return undefined;
    for (const field of ['name', 'uri', 'uriTemplate'] as const) {
      const value = item[field];
      if (typeof value === 'string') return `${field}:${value}`;
    }
    if (typeof item.type === 'string' && (typeof item.url === 'string' || typeof item.command === 'string'))
      return `transport:${item.type}:${String(item.url ?? item.command)}`;
    return undefined;
  };
  const ids = items.map(identity);
  const unique =
    new Set(ids.filter((id) => id !== undefined)).size === ids.filter((id) => id !== undefined).length;
  // Same-key variants: the scope tells them apart; failing that, the whole content.
  return items.map((item, i) => {
    const id = ids[i];
    if (id === undefined) return `=${sortedJson(item)}`;
    if (unique) return id;
    const scope = isJsonObject(item) ? item.protocolVersions : undefined;
    return `${id}@${sortedJson(scope ?? null)}`;
  });
}

type Step =
  | { kind: 'keep'; from: number; to: number }
  | { kind: 'remove'; from: number }
  | { kind: 'insert'; to: number };

/**
 * How `before` becomes `after`: members with equal keys kept (a longest common subsequence, so the
 * kept ones stay in order), the rest removed or inserted; within a gap, members of the same count
 * are paired (edited in place).
 */
function align(before: readonly JsonValue[], after: readonly JsonValue[]): Step[] {
  const a = memberKeys(before);
  const b = memberKeys(after);
  const n = a.length;
  const m = b.length;
  // Common prefix and suffix first: a merge usually changes a few members of a long list.
  let start = 0;
  while (start < n && start < m && a[start] === b[start]) start++;
  let endA = n;
  let endB = m;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const rows = endA - start;
  const cols = endB - start;
  const pairs: [number, number][] = [];
  if (rows > 0 && cols > 0 && rows * cols <= 4_000_000) {
    const table: Uint32Array[] = Array.from({ length: rows + 1 }, () => new Uint32Array(cols + 1));
    for (let i = rows - 1; i >= 0; i--)
      for (let j = cols - 1; j >= 0; j--)
        (table[i] as Uint32Array)[j] =
          a[start + i] === b[start + j]
            ? ((table[i + 1] as Uint32Array)[j + 1] as number) + 1
            : Math.max(
                (table[i + 1] as Uint32Array)[j] as number,
                (table[i] as Uint32Array)[j + 1] as number,
              );
    let i = 0;
    let j = 0;
    while (i < rows && j < cols) {
      if (a[start + i] === b[start + j]) {
        pairs.push([start + i, start + j]);
        i++;
        j++;
      } else if (((table[i + 1] as Uint32Array)[j] as number) >= ((table[i] as Uint32Array)[j + 1] as number))
        i++;
      else j++;
    }
  }
  const anchors: [number, number][] = [];
  for (let k = 0; k < start; k++) anchors.push([k, k]);
  anchors.push(...pairs);
  for (let k = 0; k < n - endA; k++) anchors.push([endA + k, endB + k]);
  const steps: Step[] = [];
  let i = 0;
  let j = 0;
  const gap = (untilA: number, untilB: number) => {
    const removed = untilA - i;
    const inserted = untilB - j;
    if (removed === inserted) {
      for (let k = 0; k < removed; k++) steps.push({ kind: 'keep', from: i + k, to: j + k });
    } else {
      for (let k = i; k < untilA; k++) steps.push({ kind: 'remove', from: k });
      for (let k = j; k < untilB; k++) steps.push({ kind: 'insert', to: k });
    }
    i = untilA;
    j = untilB;
  };
  for (const [x, y] of anchors) {
    gap(x, y);
    steps.push({ kind: 'keep', from: x, to: y });
    i = x + 1;
    j = y + 1;
  }
  gap(n, m);
  return steps;
}

// ── JSON ────────────────────────────────────────────────────────────────────────────────────────

type JsonNode = jsoncModule.Node;

interface JsonContext {
  text: string;
  lines: LineStarts;
  edits: Edit[];
  eol: string;
  /** One level of the file's indentation: a tab or some spaces. */
  unit: string;
}

/**
 * One parse (jsonc-parser's tree, with offsets), then every edit against the original text: a
 * merge of a large catalog changes many members, and re-parsing the text after each was quadratic.
 */
function editJson(source: string, target: JsonValue): string | undefined {
  const bom = source.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const text = bom ? source.slice(1) : source;
  const errors: jsoncModule.ParseError[] = [];
  const root = jsonc.parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (!root || errors.length > 0) return undefined;
  const indentLine = /\r?\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  const ctx: JsonContext = {
    text,
    lines: new LineStarts(text),
    edits: [],
    eol: text.includes('\r\n') ? '\r\n' : '\n',
    unit: indentLine.startsWith('\t') ? '\t' : ' '.repeat(Math.min(indentLine.length, 8)),
  };
  if (!isJsonObject(target) || root.type !== 'object') return undefined;
  editJsonNode(ctx, root, target);
  const edited = applyEdits(text, ctx.edits);
  return edited === undefined ? undefined : `${bom}${edited}`;
}

/** Edits against one text, applied from the end; overlapping edits make the whole edit fail. */
function applyEdits(text: string, edits: Edit[]): string | undefined {
  const sorted = [...edits].sort((x, y) => y.start - x.start || y.end - x.end);
  const parts: string[] = [];
  let last = text.length;
  for (const edit of sorted) {
    if (edit.end > last) return undefined;
    parts.push(text.slice(edit.end, last), edit.text);
    last = edit.start;
  }
  parts.push(text.slice(0, last));
  return parts.reverse().join('');
}

function nodeEnd(node: JsonNode): number {
  return node.offset + node.length;
}

/**
 * Where each line starts, for the line of an offset in O(log n): a minified JSON file is one line
 * of megabytes, and scanning back for its start at every edit was quadratic.
 */
class LineStarts {
  private readonly starts: number[] = [0];
  constructor(private readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  line(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
  start(offset: number): number {
    return this.starts[this.line(offset)] as number;
  }
  /** The leading whitespace of the line `offset` is on (only that much is read). */
  indent(offset: number): string {
    const pattern = /[ \t]*/y;
    pattern.lastIndex = this.start(offset);
    const indent = pattern.exec(this.text)?.[0] ?? '';
    return indent.length > offset - this.start(offset)
      ? indent.slice(0, offset - this.start(offset))
      : indent;
  }
}

function indentOf(ctx: JsonContext, offset: number): string {
  return ctx.lines.indent(offset);
}

function isInline(ctx: JsonContext, node: JsonNode): boolean {
  return ctx.lines.line(node.offset) === ctx.lines.line(nodeEnd(node));
}

/** A value in the file's layout, continuation lines under `indent`; on one line where `inline`. */
function renderJson(ctx: JsonContext, value: JsonValue, indent: string, inline: boolean): string {
  if (inline)
    return JSON.stringify(value).replace(/("(?:[^"\\]|\\.)*")|([,:])/g, (_m, str?: string, sep?: string) =>
      str !== undefined ? str : `${sep} `,
    );
  return JSON.stringify(value, null, ctx.unit)
    .split('\n')
    .map((line, i) => (i === 0 ? line : `${indent}${line}`))
    .join(ctx.eol);
}

function editJsonNode(ctx: JsonContext, node: JsonNode, target: JsonValue): void {
  if (jsonEqual(jsonc.getNodeValue(node), target)) return;
  const children = node.children ?? [];
  if (
    node.type === 'object' &&
    isJsonObject(target) &&
    children.length > 0 &&
    Object.keys(target).length > 0
  ) {
    editJsonObject(ctx, node, target);
    return;
  }
  if (node.type === 'array' && Array.isArray(target) && children.length > 0 && target.length > 0) {
    editJsonArray(ctx, node, target);
    return;
  }
  ctx.edits.push({
    start: node.offset,
    end: nodeEnd(node),
    text: renderJson(ctx, target, indentOf(ctx, node.offset), isInline(ctx, node) && children.length > 0),
  });
}

/**
 * Members removed (with the separator before them, or after them for leading ones), new members
 * inserted after their predecessor in the target (or before the first kept member).
 */
function editJsonMembers(
  ctx: JsonContext,
  node: JsonNode,
  members: JsonNode[],
  kept: boolean[],
  inserts: Map<number, string[]>,
): void {
  const first = members[0] as JsonNode;
  const separator = isInline(ctx, node) ? ' ' : `${ctx.eol}${indentOf(ctx, first.offset)}`;
  const firstKept = kept.indexOf(true);
  if (firstKept > 0)
    ctx.edits.push({ start: first.offset, end: (members[firstKept] as JsonNode).offset, text: '' });
  members.forEach((member, i) => {
    if (kept[i] || i < firstKept) return;
    ctx.edits.push({ start: nodeEnd(members[i - 1] as JsonNode), end: nodeEnd(member), text: '' });
  });
  for (const [after, texts] of inserts) {
    if (after === -1) {
      const at = (members[firstKept] as JsonNode).offset;
      ctx.edits.push({ start: at, end: at, text: texts.map((t) => `${t},${separator}`).join('') });
    } else {
      const at = nodeEnd(members[after] as JsonNode);
      ctx.edits.push({ start: at, end: at, text: texts.map((t) => `,${separator}${t}`).join('') });
    }
  }
}

/** A container none of whose members is kept: rendered whole. */
function replaceJson(ctx: JsonContext, node: JsonNode, target: JsonValue): void {
  ctx.edits.push({
    start: node.offset,
    end: nodeEnd(node),
    text: renderJson(ctx, target, indentOf(ctx, node.offset), isInline(ctx, node)),
  });
}

function editJsonObject(ctx: JsonContext, node: JsonNode, target: JsonObject): void {
  const members = node.children ?? [];
  const keys = members.map((member) => String(member.children?.[0]?.value));
  const kept = keys.map((key) => Object.hasOwn(target, key));
  if (!kept.includes(true)) {
    replaceJson(ctx, node, target);
    return;
  }
  const inline = isInline(ctx, node);
  const memberIndent = indentOf(ctx, (members[0] as JsonNode).offset);
  const inserts = new Map<number, string[]>();
  let anchor = -1;
  for (const [key, value] of Object.entries(target)) {
    const index = keys.indexOf(key);
    if (index !== -1) {
      anchor = index;
      const valueNode = members[index]?.children?.[1];
      if (valueNode) editJsonNode(ctx, valueNode, value);
      continue;
    }
    const list = inserts.get(anchor) ?? [];
    list.push(`${JSON.stringify(key)}: ${renderJson(ctx, value, memberIndent, inline)}`);
    inserts.set(anchor, list);
  }
  editJsonMembers(ctx, node, members, kept, inserts);
}

function editJsonArray(ctx: JsonContext, node: JsonNode, target: JsonValue[]): void {
  const members = node.children ?? [];
  const steps = align(
    members.map((member) => jsonc.getNodeValue(member) as JsonValue),
    target,
  );
  const kept = members.map(() => false);
  for (const step of steps) if (step.kind === 'keep') kept[step.from] = true;
  if (!kept.includes(true)) {
    replaceJson(ctx, node, target);
    return;
  }
  const inline = isInline(ctx, node);
  const memberIndent = indentOf(ctx, (members[0] as JsonNode).offset);
  const inserts = new Map<number, string[]>();
  let anchor = -1;
  for (const step of steps) {
    if (step.kind === 'remove') continue;
    if (step.kind === 'keep') {
      anchor = step.from;
      editJsonNode(ctx, members[step.from] as JsonNode, target[step.to] as JsonValue);
      continue;
    }
    const list = inserts.get(anchor) ?? [];
    list.push(renderJson(ctx, target[step.to] as JsonValue, memberIndent, inline));
    inserts.set(anchor, list);
  }
  editJsonMembers(ctx, node, members, kept, inserts);
}

// ── YAML ────────────────────────────────────────────────────────────────────────────────────────

interface Edit {
  start: number;
  end: number;
  text: string;
}

interface YamlContext {
  source: string;
  lines: LineStarts;
  edits: Edit[];
  eol: string;
  /** The document's indentation step and sequence style, for rendered values. */
  indent: number;
  indentSeq: boolean;
  /** The source writes lists of scalars in flow style (`[a, b]`): new ones follow suit. */
  flowScalarLists: boolean;
}

function editYaml(source: string, target: JsonValue): string | undefined {
  // The source was loaded strictly already (unique keys): only its node ranges are needed here.
  const doc = parseDocument(source, { uniqueKeys: false, merge: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined;
  const ctx: YamlContext = {
    source,
    lines: new LineStarts(source),
    edits: [],
    eol: source.includes('\r\n') ? '\r\n' : '\n',
    indent: detectIndent(source),
    indentSeq: detectIndentSeq(source),
    flowScalarLists: /:[ \t]*\[[^\]\n]*\][ \t]*(?:#[^\n]*)?\r?$/m.test(source),
  };
  if (!editNode(ctx, doc.contents as Node, target)) return undefined;
  return applyEdits(source, ctx.edits);
}

function detectIndent(text: string): number {
  const match = /^[^\s#-][^\n]*:[ \t]*\r?\n(?:[ \t]*(?:#[^\n]*)?\r?\n)*( +)[^\s-]/m.exec(text);
  const width = match?.[1]?.length ?? 2;
  return width >= 1 && width <= 8 ? width : 2;
}

/**
 * Inserts rendered members into a flow collection: after the member ending at `afterEnd`, or, with
 * none before them, ahead of the first member (at `firstStart()`).
 */
function insertIntoFlow(
  ctx: YamlContext,
  texts: readonly string[],
  afterEnd: number | undefined,
  firstStart: () => number,
): void {
  if (afterEnd !== undefined) {
    ctx.edits.push({ start: afterEnd, end: afterEnd, text: texts.map((t) => `, ${t}`).join('') });
    return;
  }
  const at = firstStart();
  ctx.edits.push({ start: at, end: at, text: texts.map((t) => `${t}, `).join('') });
}

function toJs(node: Node | null | undefined): JsonValue | undefined {
  if (node === null || node === undefined) return null;
  return node.toJSON() as JsonValue;
}

/** Where a node's own text ends: its last scalar, not the comments and blank lines after it. */
function contentEnd(node: Node): number {
  const range = node.range as [number, number, number];
  if (isScalar(node) || (isMap(node) && node.flow) || (isSeq(node) && node.flow)) return range[1];
  if (isMap(node) || isSeq(node)) {
    const items = node.items as unknown[];
    const lastItem = items[items.length - 1];
    if (lastItem === undefined) return range[1];
    if (isSeq(node)) return contentEnd(lastItem as Node);
    const pair = lastItem as Pair<Node, Node | null>;
    if (pair.value) return contentEnd(pair.value);
    return (pair.key.range as [number, number, number])[1];
  }
  return range[1];
}

function startOf(node: Node): number {
  return (node.range as [number, number, number])[0];
}

function lineEnd(source: string, offset: number): number {
  const end = source.indexOf('\n', offset);
  return end === -1 ? source.length : end + 1;
}

function column(ctx: YamlContext, offset: number): number {
  return offset - ctx.lines.start(offset);
}

/** Nothing but spaces before a node on its line (it starts its own line). */
function onlySpacesBefore(ctx: YamlContext, offset: number): boolean {
  return ctx.lines.indent(offset).length === offset - ctx.lines.start(offset);
}

function yamlNode(value: JsonValue, flow: boolean, flowScalarLists: boolean): Document {
  const doc = new Document(value, { keepUndefined: false });
  const visit = (node: unknown) => {
    if (isScalar(node)) {
      if (typeof node.value === 'string' && needsQuotes(node.value)) node.type = Scalar.QUOTE_SINGLE;
    } else if (isMap(node) || isSeq(node)) {
      if (flow || (flowScalarLists && isSeq(node) && node.items.every((item) => isScalar(item))))
        node.flow = true;
      for (const item of node.items as unknown[]) {
        if (isMap(node)) {
          visit((item as Pair).key);
          visit((item as Pair).value);
        } else visit(item);
      }
    }
  };
  visit(doc.contents);
  return doc;
}

/** A value as YAML text starting at column `at` (continuation lines indented to fit). */
function render(ctx: YamlContext, value: JsonValue, at: number, flow: boolean): string {
  const text = yamlNode(value, flow, ctx.flowScalarLists)
    .toString({ indent: ctx.indent, indentSeq: ctx.indentSeq, lineWidth: 0, flowCollectionPadding: false })
    .replace(/\n$/, '');
  const pad = ' '.repeat(at);
  return text
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : pad + line))
    .join(ctx.eol);
}

/** A scalar in the style of the one it replaces, where that style can hold it. */
function renderScalar(ctx: YamlContext, old: Scalar, value: JsonValue): string {
  if (typeof value === 'string' && !value.includes('\n')) {
    if (old.type === Scalar.QUOTE_DOUBLE) return JSON.stringify(value);
    if (old.type === Scalar.QUOTE_SINGLE) return `'${value.replaceAll("'", "''")}'`;
  }
  return render(ctx, value, 0, true).includes(ctx.eol) ? JSON.stringify(value) : render(ctx, value, 0, true);
}

function isCollection(value: JsonValue | undefined): boolean {
  return isJsonObject(value) || Array.isArray(value);
}

/**
 * Edits `node` towards `target`. Returns false when the node's text cannot be edited in place (the
 * caller then replaces it whole).
 */
function editNode(ctx: YamlContext, node: Node, target: JsonValue): boolean {
  if (jsonEqual(toJs(node), target)) return true;
  if (isMap(node) && isJsonObject(target) && node.items.length > 0)
    return editMap(ctx, node as unknown as BlockOrFlowMap, target);
  if (isSeq(node) && Array.isArray(target) && node.items.length > 0 && target.length > 0)
    return editSeq(ctx, node, target);
  if (isScalar(node) && !isCollection(target)) {
    const range = node.range as [number, number, number];
    if (node.type === Scalar.BLOCK_FOLDED || node.type === Scalar.BLOCK_LITERAL) return false;
    ctx.edits.push({ start: range[0], end: range[1], text: renderScalar(ctx, node, target) });
    return true;
  }
  const range = node.range as [number, number, number];
  const flow = (isMap(node) || isSeq(node)) && node.flow === true;
  if (flow && !isCollection(target)) return false;
  if (flow || !isCollection(target)) {
    ctx.edits.push({ start: range[0], end: contentEnd(node), text: render(ctx, target, 0, true) });
    return true;
  }
  // A block collection replaced by another value: only where the node starts its own line.
  if (!isScalar(node) && onlySpacesBefore(ctx, range[0])) {
    ctx.edits.push({
      start: range[0],
      end: contentEnd(node),
      text: render(ctx, target, column(ctx, range[0]), false),
    });
    return true;
  }
  return false;
}

type BlockOrFlowMap = Node & { items: Pair<Node, Node | null>[]; flow?: boolean | undefined };

function editMap(ctx: YamlContext, node: BlockOrFlowMap, target: JsonObject): boolean {
  const source = ctx.source;
  const pairs = node.items;
  const keyOf = (pair: Pair<Node, Node | null>) => String(toJs(pair.key));
  const present = new Set(pairs.map(keyOf));
  const flow = node.flow === true;
  const firstKey = pairs[0]?.key as Node;
  const keyColumn = column(ctx, (firstKey.range as number[])[0] as number);
  const pairEnd = (pair: Pair<Node, Node | null>) =>
    pair.value ? contentEnd(pair.value) : ((pair.key.range as number[])[1] as number);
  // Removals.
  pairs.forEach((pair, index) => {
    if (Object.hasOwn(target, keyOf(pair))) return;
    const keyStart = (pair.key.range as number[])[0] as number;
    if (flow) {
      const previous = pairs[index - 1];
      const next = pairs[index + 1];
      if (previous) ctx.edits.push({ start: pairEnd(previous), end: pairEnd(pair), text: '' });
      else if (next)
        ctx.edits.push({ start: keyStart, end: (next.key.range as number[])[0] as number, text: '' });
      else ctx.edits.push({ start: keyStart, end: pairEnd(pair), text: '' });
    } else if (onlySpacesBefore(ctx, keyStart)) {
      ctx.edits.push({
        start: ctx.lines.start(keyStart),
        end: lineEnd(source, pairEnd(pair) - 1),
        text: '',
      });
    } else {
      // The first key of a `- key: value` item: removing its line would remove the dash.
      const next = pairs[index + 1];
      if (!next) return;
      ctx.edits.push({ start: keyStart, end: (next.key.range as number[])[0] as number, text: '' });
    }
  });
  if (!flow && pairs.every((pair) => !Object.hasOwn(target, keyOf(pair)))) return false;
  // Changes and additions, in the target's order: a new key follows its predecessor there.
  let anchor: Pair<Node, Node | null> | undefined;
  const inserts = new Map<Pair<Node, Node | null> | undefined, string[]>();
  for (const [key, value] of Object.entries(target)) {
    const pair = pairs.find((p) => keyOf(p) === key);
    if (pair) {
      anchor = pair;
      if (!pair.value) return false;
      if (!editNode(ctx, pair.value, value)) {
        // Replace the whole pair: `key: <rendered value>`.
        const keyText = source.slice((pair.key.range as number[])[0], (pair.key.range as number[])[1]);
        const keyStart = (pair.key.range as number[])[0] as number;
        ctx.edits.push({
          start: (pair.key.range as number[])[1] as number,
          end: contentEnd(pair.value),
          text: renderPairTail(ctx, keyText, value, column(ctx, keyStart), flow),
        });
      }
      continue;
    }
    if (present.has(key)) continue;
    const list = inserts.get(anchor) ?? [];
    list.push(
      flow
        ? render(ctx, { [key]: value }, 0, true).replace(/^\{|\}$/g, '')
        : render(ctx, { [key]: value }, keyColumn, false),
    );
    inserts.set(anchor, list);
  }
  for (const [after, texts] of inserts) {
    if (flow) {
      insertIntoFlow(ctx, texts, after ? pairEnd(after) : undefined, () =>
        startOf((pairs[0] as Pair<Node, Node | null>).key),
      );
      continue;
    }
    const block = texts.map((t) => `${' '.repeat(keyColumn)}${t}${ctx.eol}`).join('');
    if (after) {
      const end = pairEnd(after);
      const at = lineEnd(source, end - 1);
      const needsEol = at === source.length && !source.endsWith('\n');
      ctx.edits.push({ start: at, end: at, text: needsEol ? `${ctx.eol}${block}` : block });
    } else {
      const firstStart = startOf((pairs[0] as Pair<Node, Node | null>).key);
      if (!onlySpacesBefore(ctx, firstStart)) return false;
      const at = ctx.lines.start(firstStart);
      ctx.edits.push({ start: at, end: at, text: block });
    }
  }
  return true;
}

/** `: value` after a kept key, the value rendered for a block or flow map. */
function renderPairTail(
  ctx: YamlContext,
  keyText: string,
  value: JsonValue,
  keyColumn: number,
  flow: boolean,
): string {
  if (
    flow ||
    !isCollection(value) ||
    (Array.isArray(value) && value.length === 0) ||
    (isJsonObject(value) && Object.keys(value).length === 0)
  )
    return `: ${render(ctx, value, 0, true)}`;
  const rendered = render(ctx, { [keyText]: value }, keyColumn, false);
  // Drop the key the renderer wrote (it may quote it differently from the source).
  const colon = rendered.indexOf(`:${ctx.eol}`);
  return colon === -1 ? `: ${render(ctx, value, 0, true)}` : rendered.slice(colon);
}

function editSeq(
  ctx: YamlContext,
  node: Node & { items: unknown[]; flow?: boolean },
  target: JsonValue[],
): boolean {
  const source = ctx.source;
  const items = node.items as Node[];
  const flow = node.flow === true;
  const before = items.map((item) => toJs(item) as JsonValue);
  const steps = align(before, target);
  const firstStart = startOf(items[0] as Node);
  const itemColumn = column(ctx, firstStart);
  const dashColumn = flow ? 0 : source.lastIndexOf('-', firstStart - 1) - ctx.lines.start(firstStart);
  if (!flow && (dashColumn < 0 || source[ctx.lines.start(firstStart) + dashColumn] !== '-')) return false;
  let previous: Node | undefined;
  const inserts = new Map<Node | undefined, string[]>();
  const removed = new Set<number>();
  for (const step of steps) {
    if (step.kind === 'remove') removed.add(step.from);
  }
  if (removed.size === items.length && !steps.some((s) => s.kind === 'keep')) {
    if (flow) {
      ctx.edits.push({
        start: (node.range as number[])[0] as number,
        end: contentEnd(node),
        text: render(ctx, target, 0, true),
      });
      return true;
    }
    return false;
  }
  items.forEach((item, index) => {
    if (!removed.has(index)) return;
    const start = (item.range as number[])[0] as number;
    if (flow) {
      const prev = items[index - 1];
      const next = items[index + 1];
      if (prev && !removed.has(index - 1))
        ctx.edits.push({ start: contentEnd(prev), end: contentEnd(item), text: '' });
      else if (next) ctx.edits.push({ start, end: (next.range as number[])[0] as number, text: '' });
      else if (prev) ctx.edits.push({ start: contentEnd(prev), end: contentEnd(item), text: '' });
      else ctx.edits.push({ start, end: contentEnd(item), text: '' });
    } else {
      ctx.edits.push({
        start: ctx.lines.start(start),
        end: lineEnd(source, contentEnd(item) - 1),
        text: '',
      });
    }
  });
  for (const step of steps) {
    if (step.kind === 'remove') continue;
    if (step.kind === 'keep') {
      const item = items[step.from] as Node;
      previous = item;
      if (!editNode(ctx, item, target[step.to] as JsonValue)) {
        const start = (item.range as number[])[0] as number;
        const value = target[step.to] as JsonValue;
        ctx.edits.push({
          start,
          end: contentEnd(item),
          text: render(ctx, value, flow ? 0 : itemColumn, flow),
        });
      }
      continue;
    }
    const value = target[step.to] as JsonValue;
    const list = inserts.get(previous) ?? [];
    list.push(flow ? render(ctx, value, 0, true) : render(ctx, value, itemColumn, false));
    inserts.set(previous, list);
  }
  for (const [after, texts] of inserts) {
    if (flow) {
      insertIntoFlow(ctx, texts, after ? contentEnd(after) : undefined, () => firstStart);
      continue;
    }
    const gap = ' '.repeat(Math.max(1, itemColumn - dashColumn - 1));
    const block = texts.map((t) => `${' '.repeat(dashColumn)}-${gap}${t}${ctx.eol}`).join('');
    if (after) {
      const at = lineEnd(source, contentEnd(after) - 1);
      const needsEol = at === source.length && !source.endsWith('\n');
      ctx.edits.push({ start: at, end: at, text: needsEol ? `${ctx.eol}${block}` : block });
    } else {
      const at = ctx.lines.start(firstStart);
      ctx.edits.push({ start: at, end: at, text: block });
    }
  }
  return true;
}
