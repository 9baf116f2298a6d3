import type { Document, Node, Scalar, Tags } from 'yaml';
import { type JsonValue, setOwn } from '../util/json.js';
import { loadYaml } from '../util/lazy-modules.js';
import { appendPointer } from '../util/pointer.js';
import { LoadError, type LoadErrorCode } from './errors.js';
import type { ParsedText } from './json.js';
import type { Limits } from './limits.js';
import { LineIndex } from './lines.js';
import { heapExceeded, MemoryLedger } from './memory.js';
import {
  prescanYamlCompactDepth,
  prescanYamlFlowDepth,
  YAML_BYTES_PER_VALUE,
  yamlCostBeyond,
  yamlSecondDocumentAt,
} from './prescan.js';
import { LazySourceMap, type PointerEntry } from './source-map.js';
import { readSimpleYaml } from './yaml-simple.js';

/** Tags of the YAML JSON schema; anything else is a custom or application tag (spec §15.3). */
const CORE_TAGS = new Set([
  'tag:yaml.org,2002:str',
  'tag:yaml.org,2002:null',
  'tag:yaml.org,2002:bool',
  'tag:yaml.org,2002:int',
  'tag:yaml.org,2002:float',
  'tag:yaml.org,2002:map',
  'tag:yaml.org,2002:seq',
  '!',
]);

/**
 * The JSON schema with its last resort, a plain scalar no JSON type matches (`hello`), resolved to
 * the string silently. The yaml package reports each one as an error, which builds an exception
 * with a stack trace per scalar: a third of the time of a large description.
 */
function plainScalarsAsStrings(tags: Tags): Tags {
  return tags.map((tag) =>
    typeof tag === 'object' && 'tag' in tag && tag.tag === '' && !('collection' in tag && tag.collection)
      ? { ...tag, resolve: (source: string) => source }
      : tag,
  ) as Tags;
}

/** Characters outside YAML's printable set (YAML 1.2 §5.1), which the yaml package lets through. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const NON_PRINTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/;

/** YAML 1.2 spellings of infinity and NaN, which the JSON data model cannot hold. */
const NON_FINITE = /^[-+]?\.(?:inf|Inf|INF)$|^\.(?:nan|NaN|NAN)$/;

/**
 * The restricted YAML profile of spec §15: exactly one document, JSON-schema scalar resolution,
 * string keys only, no duplicates, no aliases, no custom tags, `<<` as an ordinary key, finite
 * numbers. One walk converts the AST to data and enforces all of it.
 */
export function parseYaml(
  text: string,
  file: string,
  limits: Limits,
  memory: MemoryLedger = new MemoryLedger(),
  /** 'package': the yaml package reads the text even when the simple reader could (tests compare them). */
  reader: 'auto' | 'package' = 'auto',
): ParsedText {
  const lines = new LineIndex(text);
  const fail = (code: LoadErrorCode, message: string, offset: number) => {
    const { line, column } = lines.position(offset);
    return new LoadError(code, message, file, line, column);
  };

  const control = NON_PRINTABLE.exec(text);
  if (control) {
    const hex = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    throw fail(
      'yaml-syntax',
      `Control character U+${hex} is not allowed in YAML (escape it in a double-quoted string)`,
      control.index,
    );
  }
  let tooDeepAt = prescanYamlFlowDepth(text, limits.maxDepth);
  if (tooDeepAt < 0) tooDeepAt = prescanYamlCompactDepth(text, limits.maxDepth);
  if (tooDeepAt >= 0)
    throw fail('limit-depth', `Nesting deeper than the limit of ${limits.maxDepth}`, tooDeepAt);
  const secondDocument = yamlSecondDocumentAt(text);
  if (secondDocument >= 0)
    throw fail(
      'yaml-document-count',
      'A description must be exactly one YAML document, found several',
      secondDocument,
    );
  // The parser may use half of Node's heap, leaving the rest to the document built from its tree
  // and to the command. No character costs more than half a value (`1,`): shorter texts cannot
  // pass that budget.
  const heap = heapExceeded(text.length * (YAML_BYTES_PER_VALUE / 2), 0.5);
  if (heap !== undefined) {
    const beyond = yamlCostBeyond(text, Math.floor(heap / 2));
    if (beyond >= 0) {
      const heapMb = Math.round(heap / 2 ** 20);
      throw fail(
        'limit-memory',
        `YAML document too large to parse in memory: the YAML parser would need more than half of Node's ${heapMb} MB heap (about 1 KB per value and 0.4 KB per line); convert it to JSON, or give Node more memory (NODE_OPTIONS=--max-old-space-size=<MB>)`,
        beyond,
      );
    }
  }
  // The parser's own memory was bounded above; the document now joins the others the command holds.
  const parsed = (value: JsonValue, nodes: number, table: () => Map<string, PointerEntry>): ParsedText => {
    const tooLarge = memory.reserve(nodes, text.length);
    if (tooLarge) throw new LoadError('limit-memory', tooLarge, file, 1, 1);
    return { value, sourceMap: new LazySourceMap(lines, table) };
  };
  const simple = reader === 'auto' ? readSimpleYaml(text, limits) : undefined;
  if (simple !== undefined)
    return parsed(simple.value, simple.nodes, () => {
      const table = new Map<string, PointerEntry>();
      readSimpleYaml(text, limits, table);
      return table;
    });
  const { isAlias, isMap, isPair, isScalar, isSeq, parseAllDocuments, Scalar: ScalarClass } = loadYaml();
  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(text, {
      schema: 'json',
      customTags: plainScalarsAsStrings,
      strict: true,
      // The package compares each key with every earlier one (quadratic: 40,000 keys took 6 s);
      // `convert` refuses duplicates with one lookup per key instead.
      uniqueKeys: false,
      merge: false,
      prettyErrors: false,
    }) as Document.Parsed[];
  } catch (error) {
    // The parser recurses on nesting; a hostile depth surfaces as a RangeError.
    if (error instanceof RangeError)
      throw new LoadError('limit-depth', 'Nesting too deep to parse', file, 1, 1);
    throw error;
  }
  if (!Array.isArray(docs)) docs = [];
  if (docs.length !== 1) {
    const second = docs[1];
    if (second)
      throw fail(
        'yaml-document-count',
        'A description must be exactly one YAML document, found several',
        second.range[0],
      );
    throw new LoadError(
      'yaml-document-count',
      'A description must be exactly one YAML document, found none',
      file,
      1,
      1,
    );
  }
  const doc = docs[0]!;
  for (const error of doc.errors) {
    // Under the JSON schema, plain scalars like `hello` are "unresolved"; the data model reads them as
    // strings, as the spec's reference decoder does (plainScalarsAsStrings keeps most from being
    // reported at all).
    if (error.code === 'TAG_RESOLVE_FAILED' && error.message.startsWith('Unresolved plain scalar')) continue;
    // The parser catches its own stack overflow on nesting the prescans do not bound (block
    // nesting spread over lines) and records it as a syntax error: it is the depth limit.
    if (error.message.includes('Maximum call stack size exceeded'))
      throw fail('limit-depth', `Nesting too deep to parse (limit ${limits.maxDepth})`, error.pos[0]);
    throw fail('yaml-syntax', firstLine(error.message), error.pos[0]);
  }
  if (doc.contents === null)
    throw new LoadError('yaml-document-count', 'The YAML document is empty', file, 1, 1);

  // Anchors and tags precede their node, whose range starts at the content: point at the anchor or tag.
  const sourceBefore = (token: string, at: number): number => {
    const found = text.lastIndexOf(token, at);
    return found === -1 ? at : found;
  };
  let nodes = 0;
  const convert = (node: Node | null, depth: number): JsonValue => {
    if (node === null) return null;
    const at = node.range?.[0] ?? 0;
    nodes++;
    if (nodes > limits.maxNodes) throw fail('limit-nodes', `More than ${limits.maxNodes} values`, at);
    if (isAlias(node)) throw fail('yaml-alias', 'YAML aliases are not allowed in a description', at);
    if (node.anchor) {
      throw fail(
        'yaml-alias',
        'YAML anchors are not allowed in a description',
        sourceBefore(`&${node.anchor}`, at),
      );
    }
    if (node.tag !== undefined && !CORE_TAGS.has(node.tag)) {
      throw fail('yaml-custom-tag', `Custom YAML tag ${node.tag} is not allowed`, sourceBefore(node.tag, at));
    }
    if (isScalar(node)) return scalarValue(node, at);
    if (depth > limits.maxDepth)
      throw fail('limit-depth', `Nesting deeper than the limit of ${limits.maxDepth}`, at);
    if (isSeq(node)) return node.items.map((item) => convert(item as Node | null, depth + 1));
    if (isMap(node)) {
      const out: Record<string, JsonValue> = {};
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const keyNode = pair.key as Node | null;
        const keyAt = keyNode?.range?.[0] ?? at;
        if (!isScalar(keyNode)) throw fail('yaml-non-string-key', 'Mapping keys must be strings', keyAt);
        if (keyNode.anchor || isAlias(keyNode))
          throw fail('yaml-alias', 'YAML anchors are not allowed in a description', keyAt);
        const key = scalarValue(keyNode, keyAt);
        if (typeof key !== 'string')
          throw fail('yaml-non-string-key', `Mapping key ${String(key)} is not a string`, keyAt);
        if (Object.hasOwn(out, key))
          throw fail('duplicate-key', `Duplicate key ${JSON.stringify(key)}`, keyAt);
        nodes++;
        setOwn(out, key, convert(pair.value as Node | null, depth + 1));
      }
      return out;
    }
    throw fail('yaml-syntax', 'Unsupported YAML node', at);
  };

  const scalarValue = (node: Scalar, at: number): JsonValue => {
    const value: unknown = node.value;
    if (typeof value === 'string') {
      if (node.type === ScalarClass.PLAIN && NON_FINITE.test(value)) {
        throw fail('non-finite-number', `${value} is not a finite number`, at);
      }
      if (node.tag === 'tag:yaml.org,2002:float' || node.tag === 'tag:yaml.org,2002:int') {
        if (NON_FINITE.test(value))
          throw fail('non-finite-number', `${node.tag} ${value} is not a finite number`, at);
        throw fail('yaml-custom-tag', `${value} cannot be resolved as ${node.tag}`, at);
      }
      if (value.length > limits.maxScalarLength) {
        throw fail(
          'limit-scalar',
          `String longer than the limit of ${limits.maxScalarLength} characters`,
          at,
        );
      }
      return value;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw fail('non-finite-number', 'Number is not finite', at);
      return value;
    }
    if (typeof value === 'bigint') {
      const asNumber = Number(value);
      if (!Number.isFinite(asNumber)) throw fail('non-finite-number', 'Number is not finite', at);
      return asNumber;
    }
    if (value === null || typeof value === 'boolean') return value;
    throw fail('yaml-syntax', 'Unsupported scalar value', at);
  };

  const value = convert(doc.contents as Node, 1);
  return parsed(value, nodes, () => buildYamlTable(doc.contents as Node));
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}

function buildYamlTable(root: Node): Map<string, PointerEntry> {
  const { isMap, isScalar, isSeq } = loadYaml();
  const table = new Map<string, PointerEntry>();
  const visit = (node: Node | null, pointer: string, key: Node | null) => {
    if (node === null) {
      return;
    }
    const entry: PointerEntry = { value: node.range?.[0] ?? 0 };
    if (key?.range) entry.key = key.range[0];
    table.set(pointer, entry);
    if (isSeq(node))
      node.items.forEach((item, i) => {
        visit(item as Node | null, appendPointer(pointer, i), null);
      });
    else if (isMap(node)) {
      for (const pair of node.items) {
        const k = pair.key as Node | null;
        if (!isScalar(k)) continue;
        const childPointer = appendPointer(pointer, String(k.value));
        const valueNode = pair.value as Node | null;
        const isEmpty =
          valueNode === null ||
          (isScalar(valueNode) && !!valueNode.range && valueNode.range[0] === valueNode.range[1]);
        if (isEmpty) {
          // `key:` with no value: point at the key.
          if (k.range) table.set(childPointer, { value: k.range[0], key: k.range[0] });
        } else visit(pair.value as Node, childPointer, k);
      }
    }
  };
  visit(root, '', null);
  return table;
}
