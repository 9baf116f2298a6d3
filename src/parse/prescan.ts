/**
 * Cheap linear passes over the raw text that run before a full parse, so hostile nesting is refused
 * in microseconds instead of after the parser has allocated (or overflowed) on it.
 */

export interface JsonPrescan {
  /** Number of object keys (strings followed by a colon). */
  keys: number;
  /** Offset of the first bracket that nests deeper than the limit, or -1. */
  tooDeepAt: number;
}

const JSON_STRUCTURE = /["[\]{}]/g;

/** One pass over JSON text: counts keys (to detect duplicates against the parsed value) and bounds depth. */
export function prescanJson(text: string, maxDepth: number): JsonPrescan {
  let keys = 0;
  let depth = 0;
  const length = text.length;
  // The regex engine jumps between structural characters far faster than a charCodeAt loop.
  JSON_STRUCTURE.lastIndex = 0;
  for (let match = JSON_STRUCTURE.exec(text); match !== null; match = JSON_STRUCTURE.exec(text)) {
    const i = match.index;
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // The closing quote is the next one preceded by an even number of backslashes.
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && text.charCodeAt(end - 1) === 0x5c) {
        let slashes = 0;
        for (let k = end - 1; text.charCodeAt(k) === 0x5c; k--) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end === -1) return { keys, tooDeepAt: -1 };
      let next = end + 1;
      let w = text.charCodeAt(next);
      while (w === 0x20 || w === 0x0a || w === 0x0d || w === 0x09) w = text.charCodeAt(++next);
      if (w === 0x3a) keys++;
      JSON_STRUCTURE.lastIndex = Math.min(next, length);
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > maxDepth) return { keys, tooDeepAt: i };
    } else {
      depth--;
    }
  }
  return { keys, tooDeepAt: -1 };
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
