import type { JsonValue } from '../util/json.js';
import { LoadError } from './errors.js';
import { JsonSourceMap } from './json-source-map.js';
import type { Limits } from './limits.js';
import { LineIndex } from './lines.js';
import { MemoryLedger } from './memory.js';
import { type LineStarts, prescanJson } from './prescan.js';
import type { SourceMap } from './source-map.js';
import { checkValue } from './walk-limits.js';

export interface ParsedText {
  value: JsonValue;
  sourceMap: SourceMap;
  /** False when the reader ruled out integers beyond ±(2^53 − 1) in the text (JSON); absent: unknown. */
  mayHoldUnsafeIntegers?: boolean;
}

/**
 * RFC 8259 JSON with duplicate keys rejected. The fast path is native `JSON.parse` plus one walk of
 * the value and one pass over the text: equal key counts prove there was no duplicate. Only
 * a failing document pays for the precise scanner that finds the offending line and column.
 */
export function parseJson(
  text: string,
  file: string,
  limits: Limits,
  memory: MemoryLedger = new MemoryLedger(),
): ParsedText {
  const lines = new LineIndex(text);
  const arrayItems = new Map<number, number[]>();
  const lineStarts: LineStarts = {};
  const scan = prescanJson(text, limits.maxDepth, arrayItems, lineStarts);
  if (scan.tooDeepAt >= 0) {
    const { line, column } = lines.position(scan.tooDeepAt);
    throw new LoadError(
      'limit-depth',
      `Nesting deeper than the limit of ${limits.maxDepth}`,
      file,
      line,
      column,
    );
  }
  if (scan.valuesAtMost > limits.maxNodes) {
    // Before JSON.parse, which would build every value first: 21 million `{}` took 20 s and 2.4 GB
    // to be refused. The precise scan stops at the first value over the limit (or an earlier
    // syntax error), which it reports with its position.
    const precise = locateFailure(text, file, limits, lines);
    if (precise) throw precise;
  }
  // The prescan counted the values exactly (for valid JSON): refuse before JSON.parse allocates them.
  const tooLarge = memory.reserve(scan.valuesAtMost, text.length);
  if (tooLarge) throw new LoadError('limit-memory', tooLarge, file, 1, 1);
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch (error) {
    throw locateFailure(text, file, limits, lines) ?? syntaxFromMessage(error, text, file, lines);
  }
  // Valid JSON: no raw newline inside a string, so the prescan saw every line.
  if (lineStarts.starts) lines.useStarts(lineStarts.starts);
  const stats = checkValue(value, limits);
  if (stats.problem || stats.keys !== scan.keys) {
    const precise = locateFailure(text, file, limits, lines);
    if (precise) throw precise;
    if (stats.problem) throw new LoadError(stats.problem.code, stats.problem.message, file, 1, 1);
  }
  return {
    value,
    sourceMap: new JsonSourceMap(text, lines, arrayItems),
    mayHoldUnsafeIntegers: stats.unsafeIntegers,
  };
}

function syntaxFromMessage(error: unknown, text: string, file: string, lines: LineIndex): LoadError {
  const message = error instanceof Error ? error.message : String(error);
  const at = /position (\d+)/.exec(message);
  const offset = at ? Number(at[1]) : text.length;
  const { line, column } = lines.position(offset);
  return new LoadError('json-syntax', message.replace(/ in JSON at position \d+.*$/, ''), file, line, column);
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * A precise, iterative JSON scanner used only after the fast path found something wrong. It
 * returns the first problem with its position, or undefined when it finds none.
 */
function locateFailure(text: string, file: string, limits: Limits, lines: LineIndex): LoadError | undefined {
  let pos = 0;
  let nodes = 0;
  const fail = (code: LoadError['code'], message: string, at: number) => {
    const { line, column } = lines.position(at);
    return new LoadError(code, message, file, line, column);
  };
  const skipWs = () => {
    while (pos < text.length && WS.has(text.charCodeAt(pos))) pos++;
  };
  const readString = (): string | LoadError => {
    const start = pos;
    pos++;
    let out = '';
    let chunk = pos;
    for (;;) {
      if (pos >= text.length) return fail('json-syntax', 'Unterminated string', start);
      const c = text.charCodeAt(pos);
      if (c === 0x22) {
        out += text.slice(chunk, pos);
        pos++;
        break;
      }
      if (c < 0x20) return fail('json-syntax', 'Control character in string must be escaped', pos);
      if (c === 0x5c) {
        out += text.slice(chunk, pos);
        const e = text[pos + 1];
        if (e === 'u') {
          const hex = text.slice(pos + 2, pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) return fail('json-syntax', 'Invalid unicode escape', pos);
          out += String.fromCharCode(Number.parseInt(hex, 16));
          pos += 6;
        } else {
          const simple: Record<string, string> = {
            '"': '"',
            '\\': '\\',
            '/': '/',
            b: '\b',
            f: '\f',
            n: '\n',
            r: '\r',
            t: '\t',
          };
          const mapped = e === undefined ? undefined : simple[e];
          if (mapped === undefined) return fail('json-syntax', 'Invalid escape sequence', pos);
          out += mapped;
          pos += 2;
        }
        chunk = pos;
        continue;
      }
      pos++;
    }
    if (out.length > limits.maxScalarLength) {
      return fail(
        'limit-scalar',
        `String longer than the limit of ${limits.maxScalarLength} characters`,
        start,
      );
    }
    return out;
  };
  const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

  type Frame = { kind: 'object'; keys: Set<string>; count: number } | { kind: 'array'; count: number };
  const stack: Frame[] = [];
  skipWs();
  // State machine: expecting a value, then after it the container's separator or end.
  for (;;) {
    // Expect a value.
    skipWs();
    if (pos >= text.length) return fail('json-syntax', 'Unexpected end of JSON input', pos);
    nodes++;
    if (nodes > limits.maxNodes) return fail('limit-nodes', `More than ${limits.maxNodes} values`, pos);
    const c = text[pos];
    let opened = false;
    if (c === '{' || c === '[') {
      if (stack.length + 1 > limits.maxDepth) {
        return fail('limit-depth', `Nesting deeper than the limit of ${limits.maxDepth}`, pos);
      }
      pos++;
      skipWs();
      if (c === '{') {
        if (text[pos] === '}') pos++;
        else {
          stack.push({ kind: 'object', keys: new Set(), count: 0 });
          opened = true;
        }
      } else if (text[pos] === ']') pos++;
      else {
        stack.push({ kind: 'array', count: 0 });
        opened = true;
      }
    } else if (c === '"') {
      const s = readString();
      if (s instanceof LoadError) return s;
    } else if (text.startsWith('true', pos)) pos += 4;
    else if (text.startsWith('false', pos)) pos += 5;
    else if (text.startsWith('null', pos)) pos += 4;
    else {
      NUMBER.lastIndex = pos;
      const m = NUMBER.exec(text);
      if (!m) return fail('json-syntax', `Unexpected character ${JSON.stringify(c)}`, pos);
      if (!Number.isFinite(Number(m[0]))) return fail('non-finite-number', 'Number is not finite', pos);
      pos += m[0].length;
    }
    // Inside a freshly opened object, the first thing is a key.
    if (opened) {
      const top = stack[stack.length - 1]!;
      if (top.kind === 'object') {
        const err = readKey(top);
        if (err) return err;
      }
      continue;
    }
    // After a value: close containers or move to the next member.
    for (;;) {
      skipWs();
      const top = stack[stack.length - 1];
      if (!top) {
        if (pos < text.length) return fail('json-syntax', 'Unexpected data after the JSON value', pos);
        return undefined;
      }
      const close = top.kind === 'object' ? '}' : ']';
      if (text[pos] === close) {
        pos++;
        stack.pop();
        continue;
      }
      if (text[pos] !== ',') {
        return pos >= text.length
          ? fail('json-syntax', 'Unexpected end of JSON input', pos)
          : fail('json-syntax', `Expected ',' or '${close}'`, pos);
      }
      pos++;
      if (top.kind === 'object') {
        const err = readKey(top);
        if (err) return err;
      }
      break;
    }
  }

  function readKey(frame: { keys: Set<string> }): LoadError | undefined {
    skipWs();
    if (text[pos] !== '"') return fail('json-syntax', 'Expected a property name in double quotes', pos);
    const at = pos;
    const key = readString();
    if (key instanceof LoadError) return key;
    if (frame.keys.has(key)) return fail('duplicate-key', `Duplicate key ${JSON.stringify(key)}`, at);
    frame.keys.add(key);
    skipWs();
    if (text[pos] !== ':') return fail('json-syntax', "Expected ':' after property name", pos);
    pos++;
    return undefined;
  }
}
