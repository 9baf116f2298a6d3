/**
 * Cheap linear passes over the raw text that run before a full parse, so hostile nesting is refused
 * in microseconds instead of after the parser has allocated (or overflowed) on it.
 */

export interface JsonPrescan {
  /** Number of object keys (strings followed by a colon). */
  keys: number;
  /** Offset of the first bracket that nests deeper than the limit, or -1. */
  tooDeepAt: number;
  /**
   * The number of values in the text, if it is valid JSON: 1 + commas + non-empty containers. A
   * text over the value limit is refused before `JSON.parse` builds them all.
   */
  valuesAtMost: number;
}

/**
 * Where each line of a text starts (`starts[0]` is 0), filled in by prescanJson when its pass
 * reaches the end of the text. Right only for valid JSON: a raw newline inside a string (invalid)
 * is skipped with the string.
 */
export interface LineStarts {
  starts?: Int32Array;
}

/**
 * One pass over JSON text: counts keys (to detect duplicates against the parsed value) and bounds
 * depth. Outside strings, a plain charCodeAt loop: a regex jumping between structural characters
 * was as fast once optimised, but three times slower in a fresh process, where this pass runs once
 * and cold. Most of a description is string content, which `indexOf` crosses natively to the next
 * quote (an escaped one has an odd run of backslashes before it): that halved the pass.
 */
export function prescanJson(
  text: string,
  maxDepth: number,
  arrayItems?: Map<number, number[]>,
  lines?: LineStarts,
): JsonPrescan {
  let keys = 0;
  let depth = 0;
  let separators = 0;
  let containers = 0;
  const length = text.length;
  let i = 0;
  // `arrayItems`: for each array directly inside the root (a catalog's `tools`) whose items are
  // all objects or arrays, where each item starts. Positions then need not scan the array.
  let items: number[] | undefined;
  let itemsOf = -1;
  let commas = 0;
  // Line starts, when asked: every newline of valid JSON is outside strings, where this loop looks
  // at each character anyway (a separate indexOf per line cost ~9 ms on a catalog's 84,000 lines).
  let starts = lines === undefined ? undefined : new Int32Array((length >>> 5) + 16);
  let lineCount = 1;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === 0x20) {
      // Indentation, most of what lies outside strings in a pretty-printed description: crossed
      // in a loop that looks for nothing else.
      i++;
      while (text.charCodeAt(i) === 0x20) i++;
      continue;
    }
    if (c === 0x0a && starts !== undefined) {
      if (lineCount === starts.length) {
        const grown = new Int32Array(lineCount * 2);
        grown.set(starts);
        starts = grown;
      }
      starts[lineCount++] = i + 1;
    } else if (c === 0x22) {
      let j = text.indexOf('"', i + 1);
      for (;;) {
        if (j === -1) return { keys, tooDeepAt: -1, valuesAtMost: 1 + separators + containers };
        if (text.charCodeAt(j - 1) !== 0x5c) break;
        let k = j - 1;
        while (text.charCodeAt(k) === 0x5c) k--;
        if ((j - 1 - k) % 2 === 0) break;
        j = text.indexOf('"', j + 1);
      }
      // The loop goes on after the string; the whitespace after it is only looked across for a
      // colon here, and scanned by the loop (which records its newlines).
      i = j + 1;
      let ahead = i;
      let w = text.charCodeAt(ahead);
      while (w === 0x20 || w === 0x0a || w === 0x0d || w === 0x09) w = text.charCodeAt(++ahead);
      if (w === 0x3a) keys++;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      depth++;
      // An empty container holds no value: counting it would let `{}` lists pass for too many values.
      let next = i + 1;
      let n = text.charCodeAt(next);
      while (n === 0x20 || n === 0x0a || n === 0x0d || n === 0x09) n = text.charCodeAt(++next);
      if (n !== c + 2) containers++; // `}` is `{` + 2, `]` is `[` + 2
      if (depth > maxDepth) return { keys, tooDeepAt: i, valuesAtMost: 1 + separators + containers };
      if (arrayItems !== undefined) {
        if (depth === 2 && c === 0x5b) {
          items = [];
          itemsOf = i;
          commas = 0;
        } else if (depth === 3 && items !== undefined) items.push(i);
      }
    } else if (c === 0x7d || c === 0x5d) {
      if (depth === 2 && items !== undefined) {
        // Every item was an object or an array only if there is one per comma-separated slot.
        if (items.length > 0 && items.length === commas + 1) arrayItems?.set(itemsOf, items);
        items = undefined;
      }
      depth--;
    } else if (c === 0x2c) {
      separators++;
      if (depth === 2) commas++;
    }
    i++;
  }
  if (lines !== undefined && starts !== undefined) lines.starts = starts.subarray(0, lineCount);
  return { keys, tooDeepAt: -1, valuesAtMost: 1 + separators + containers };
}

/**
 * Bounds YAML flow-collection nesting (`[[[[…`), the one way a small YAML text nests deeply enough
 * to exhaust the parser. Only brackets in a position where YAML can open a flow collection count,
 * and quoted scalars and comments are skipped, so brackets inside plain text do not.
 */
export function prescanYamlFlowDepth(text: string, maxDepth: number): number {
  let depth = 0;
  let previous = 0x0a; // last significant character; a line start counts as a value position
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0d) continue;
    if (c === 0x0a) {
      if (depth === 0) previous = 0x0a;
      continue;
    }
    if (c === 0x23 && (i === 0 || text.charCodeAt(i - 1) <= 0x20)) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? length : end - 1;
      continue;
    }
    if ((c === 0x22 || c === 0x27) && isValueStart(previous)) {
      i = skipQuoted(text, i, c);
      previous = 0x61;
      continue;
    }
    if ((c === 0x5b || c === 0x7b) && isValueStart(previous)) {
      depth++;
      if (depth > maxDepth) return i;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) {
      depth--;
    }
    previous = c;
  }
  return -1;
}

/**
 * Bounds compact block nesting: `- - - … x` opens one block sequence per `- ` (or `? `) on a
 * single line, so 2 KB nest a thousand deep; the parser then recurses past the stack. Block
 * nesting spread over lines needs a line per level, indented further each time (depth d costs
 * about d² bytes), and is left to the parser's own overflow (reported as the depth limit too).
 * Returns the offset of the indicator past the limit, or -1.
 */
export function prescanYamlCompactDepth(text: string, maxDepth: number): number {
  let from = 0;
  for (;;) {
    // Only a line holding a run longer than the limit can matter: find runs by their indicator.
    const run = text.indexOf('- -', from);
    if (run === -1) return -1;
    let i = run;
    let count = 0;
    // Block indicators open a line (after its indentation); dashes inside text do not count.
    let before = run - 1;
    while (before >= 0 && text.charCodeAt(before) === 0x20) before--;
    if (before >= 0 && text.charCodeAt(before) !== 0x0a) {
      from = run + 1;
      continue;
    }
    while ((text.charCodeAt(i) === 0x2d || text.charCodeAt(i) === 0x3f) && text.charCodeAt(i + 1) === 0x20) {
      count++;
      if (count > maxDepth) return i;
      i += 2;
      while (text.charCodeAt(i) === 0x20) i++;
    }
    from = Math.max(i, run + 1);
  }
}

function isValueStart(previous: number): boolean {
  // line start, ':', '-', '?', ',', '[', '{'
  return (
    previous === 0x0a ||
    previous === 0x3a ||
    previous === 0x2d ||
    previous === 0x3f ||
    previous === 0x2c ||
    previous === 0x5b ||
    previous === 0x7b
  );
}

function skipQuoted(text: string, start: number, quote: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote === 0x22 && c === 0x5c) {
      i++;
      continue;
    }
    if (c === quote) {
      if (quote === 0x27 && text.charCodeAt(i + 1) === 0x27) {
        i++;
        continue;
      }
      return i;
    }
  }
  return text.length;
}

/** Heap the `yaml` package takes per value, rounded up (≈ 800 bytes in block style, ≈ 950 in flow). */
export const YAML_BYTES_PER_VALUE = 1024;
/** And per line, values or not: ≈ 100 bytes for a blank line, ≈ 350 for a comment. */
export const YAML_BYTES_PER_LINE = 384;

/**
 * Where a YAML text passes `budget` bytes of estimated parser memory, or -1 when it does not. The
 * `yaml` package builds its syntax tree, then the document tree, before any limit can be checked
 * on the result: a 42 MB text of `- 1` lines ran Node out of memory after a minute and a half, and
 * 10 MB of comment lines took 1.7 GB. The estimate counts lines, and the indicators every value
 * needs (keys included): a block entry (`- `) or explicit key (`? `) at the start of a line, a
 * mapping colon (`: `, or after a quoted key), and the flow indicators `[`, `{` and `,`. It never
 * falls short of the values a text holds (aliases aside, which the loader refuses); as indicators
 * inside quoted and block scalars count too, it exceeds them, by 1.0–1.2 times on real descriptions.
 */
export function yamlCostBeyond(text: string, budget: number): number {
  let cost = YAML_BYTES_PER_VALUE; // the root
  let lineStart = true; // nothing but spaces and block indicators yet on this line
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      lineStart = true;
      cost += YAML_BYTES_PER_LINE;
    } else if (c !== 0x20) {
      const next = i + 1 < length ? text.charCodeAt(i + 1) : 0x0a;
      const blankNext = next === 0x20 || next === 0x0a || next === 0x0d || next === 0x09;
      if ((c === 0x2d || c === 0x3f) && lineStart && blankNext) {
        cost += c === 0x2d ? YAML_BYTES_PER_VALUE : 2 * YAML_BYTES_PER_VALUE;
      } else {
        lineStart = false;
        if (c === 0x3a) {
          const before = i > 0 ? text.charCodeAt(i - 1) : 0;
          if (blankNext || before === 0x22 || before === 0x27) cost += 2 * YAML_BYTES_PER_VALUE;
        } else if (c === 0x2c) cost += YAML_BYTES_PER_VALUE;
        // the collection and its first entry
        else if (c === 0x5b || c === 0x7b) cost += 2 * YAML_BYTES_PER_VALUE;
      }
    }
    if (cost > budget) return i;
  }
  return -1;
}

/**
 * Where a second YAML document starts (`---` at the start of a line after content or after another
 * `---`, or content after a `...` end marker), or -1. A description is one document, and the parser
 * would first build every other: 8 MB of `---` lines took 16 s and 2.4 GB to be refused. A marker
 * can appear nowhere else at the start of a line (not in a block scalar, which is indented, nor in
 * a quoted one, where YAML forbids it).
 */
export function yamlSecondDocumentAt(text: string): number {
  let started = false; // a `---` or content seen
  let ended = false; // a `...` seen
  let at = 0;
  const length = text.length;
  while (at < length) {
    let end = text.indexOf('\n', at);
    if (end === -1) end = length;
    const first = text.charCodeAt(at);
    const marker =
      (first === 0x2d && text.startsWith('---', at)) || (first === 0x2e && text.startsWith('...', at))
        ? first
        : 0;
    const after = text.charCodeAt(at + 3);
    if (marker !== 0 && (at + 3 >= end || after === 0x20 || after === 0x09 || after === 0x0d)) {
      if (marker === 0x2e) ended = true;
      else if (started || ended) return at;
      else started = true;
    } else if (first !== 0x25 && !isBlankOrComment(text, at, end)) {
      // content (not a directive)
      if (ended) return at;
      started = true;
    }
    at = end + 1;
  }
  return -1;
}

function isBlankOrComment(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return c === 0x23;
  }
  return true;
}
