/**
 * The glob translation to a backtracking regular expression that src/util/glob.ts replaced: the
 * oracle its automaton must agree with (on inputs short enough for backtracking to finish).
 */
/** One glob as an anchored regular expression over the whole path. */
export function globToRegExpOracle(glob: string): RegExp {
  return new RegExp(`^${translate(glob)}$`, 'u');
}

function translate(glob: string): string {
  let out = '';
  let i = 0;
  while (i < glob.length) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const atStart = i === 0 || glob[i - 1] === '/';
        const atEnd = i + 2 === glob.length || glob[i + 2] === '/';
        if (atStart && atEnd) {
          // `**/` = zero or more whole directories; a trailing `**` = anything below
          if (i + 2 === glob.length) {
            out += '.*';
            i += 2;
          } else {
            out += '(?:[^/]*/)*';
            i += 3;
          }
          continue;
        }
        out += '[^/]*';
        i += 2;
        continue;
      }
      out += '[^/]*';
      i += 1;
    } else if (c === '?') {
      out += '[^/]';
      i += 1;
    } else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end === -1) {
        out += '\\[';
        i += 1;
        continue;
      }
      let body = glob.slice(i + 1, end);
      const negate = body.startsWith('!') || body.startsWith('^');
      if (negate) body = body.slice(1);
      out += `[${negate ? '^/' : ''}${body.replace(/[\\\]^]/g, (m) => `\\${m}`)}]`;
      i = end + 1;
    } else if (c === '{') {
      const end = matchingBrace(glob, i);
      if (end === -1) {
        out += '\\{';
        i += 1;
        continue;
      }
      const alternatives = splitTopLevel(glob.slice(i + 1, end));
      out += `(?:${alternatives.map(translate).join('|')})`;
      i = end + 1;
    } else if (c === '\\' && i + 1 < glob.length) {
      out += escapeRegExp(glob[i + 1]!);
      i += 2;
    } else {
      out += escapeRegExp(c);
      i += 1;
    }
  }
  return out;
}

function matchingBrace(glob: string, open: number): number {
  let depth = 0;
  for (let i = open; i < glob.length; i++) {
    if (glob[i] === '\\') i += 1;
    else if (glob[i] === '{') depth += 1;
    else if (glob[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

function splitTopLevel(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') i += 1;
    else if (c === '{') depth += 1;
    else if (c === '}') depth -= 1;
    else if (c === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

function escapeRegExp(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}
