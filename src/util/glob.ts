/**
 * Globs, shared by lint's file arguments and config `files`, and the Action's `files` input, on
 * paths with `/` separators: `**` (any number of directories), `*` and `?` (within one segment),
 * `{a,b}` alternatives (nestable), `[abc]` / `[!abc]` / `[a-z]` classes and backslash escapes.
 *
 * A glob is matched by simulating its automaton over the path (every position the pattern could be
 * at, advanced one character at a time), not by a backtracking regular expression: as one,
 * `*a*a*a*a*a*a*a*a*b.json` took minutes against a file name of 60 `a`s, since each `*` retried
 * every split of the name. Here a match costs at most the path's length times the pattern's.
 */

/** A compiled glob: `test` tells whether a whole path matches it. */
export interface GlobMatcher {
  test(path: string): boolean;
}

type Atom =
  | { kind: 'char'; code: number }
  /** `?`: one character other than `/`. */
  | { kind: 'one' }
  | { kind: 'class'; ranges: number[]; negate: boolean }
  /** `*` (and `**` inside a segment): any run of characters other than `/`. */
  | { kind: 'star' }
  /** `**` followed by `/`: zero or more whole directories (`dir/`). */
  | { kind: 'directories' }
  /** A trailing `**`: anything, `/` included (but line breaks, as a regular expression's `.`). */
  | { kind: 'rest' }
  | { kind: 'alternatives'; options: Atom[][] };

const SLASH = 0x2f;

export function compileGlob(glob: string): GlobMatcher {
  return new GlobAutomaton(parse(glob));
}

/** The atoms of a glob (as code points): what each wildcard, class and alternative stands for. */
function parse(glob: string): Atom[] {
  const atoms: Atom[] = [];
  let i = 0;
  while (i < glob.length) {
    const c = glob[i] as string;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const atStart = i === 0 || glob[i - 1] === '/';
        const atEnd = i + 2 === glob.length || glob[i + 2] === '/';
        if (atStart && atEnd) {
          if (i + 2 === glob.length) {
            atoms.push({ kind: 'rest' });
            i += 2;
          } else {
            atoms.push({ kind: 'directories' });
            i += 3;
          }
          continue;
        }
        atoms.push({ kind: 'star' });
        i += 2;
        continue;
      }
      atoms.push({ kind: 'star' });
      i += 1;
    } else if (c === '?') {
      atoms.push({ kind: 'one' });
      i += 1;
    } else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end === -1) {
        atoms.push({ kind: 'char', code: 0x5b });
        i += 1;
        continue;
      }
      let body = glob.slice(i + 1, end);
      const negate = body.startsWith('!') || body.startsWith('^');
      if (negate) body = body.slice(1);
      atoms.push({ kind: 'class', ranges: classRanges(body), negate });
      i = end + 1;
    } else if (c === '{') {
      const end = matchingBrace(glob, i);
      if (end === -1) {
        atoms.push({ kind: 'char', code: 0x7b });
        i += 1;
        continue;
      }
      atoms.push({ kind: 'alternatives', options: splitTopLevel(glob.slice(i + 1, end)).map(parse) });
      i = end + 1;
    } else {
      // A backslash makes the next character literal; a trailing one is itself.
      const at = c === '\\' && i + 1 < glob.length ? i + 1 : i;
      const code = glob.codePointAt(at) as number;
      atoms.push({ kind: 'char', code });
      i = at + (code > 0xffff ? 2 : 1);
    }
  }
  return atoms;
}

/** A class body as [from, to] pairs: `a-z` is a range, any other character stands for itself. */
function classRanges(body: string): number[] {
  const codes = Array.from(body, (ch) => ch.codePointAt(0) as number);
  const ranges: number[] = [];
  for (let k = 0; k < codes.length; k++) {
    const from = codes[k] as number;
    if (codes[k + 1] === 0x2d && k + 2 < codes.length) {
      ranges.push(from, codes[k + 2] as number);
      k += 2;
    } else ranges.push(from, from);
  }
  return ranges;
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

const isLineBreak = (code: number): boolean =>
  code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;

/**
 * The glob as a nondeterministic automaton (Thompson's construction): a state either reads one
 * character that passes its test, or moves on without reading (`next` lists where). Built from the
 * end backwards, so each piece is made knowing the state that follows it.
 */
class GlobAutomaton implements GlobMatcher {
  private readonly tests: (((code: number) => boolean) | undefined)[] = [];
  private readonly next: number[][] = [];
  private readonly start: number;
  private readonly accept: number;
  /** Per state, the step that last added it (a set without clearing between steps). */
  private seen: Int32Array = new Int32Array(0);
  private step = 0;

  constructor(atoms: Atom[]) {
    this.accept = this.state(undefined, []);
    this.start = this.sequence(atoms, this.accept);
    this.seen = new Int32Array(this.next.length);
  }

  test(path: string): boolean {
    // The step numbers live in an Int32Array: start again before they could overflow it.
    if (this.step > 0x3fff_ffff - path.length) {
      this.seen.fill(0);
      this.step = 0;
    }
    let current: number[] = [];
    this.step++;
    this.close(this.start, current);
    for (const ch of path) {
      if (current.length === 0) return false;
      const code = ch.codePointAt(0) as number;
      const following: number[] = [];
      this.step++;
      for (const s of current) {
        // (the end state, which reads nothing, has no test)
        const test = this.tests[s];
        if (test?.(code)) this.close(this.next[s]?.[0] as number, following);
      }
      current = following;
    }
    return current.includes(this.accept);
  }

  /** Adds `from` and every state it reaches without reading to `into`: those that read, and the end. */
  private close(from: number, into: number[]): void {
    const stack = [from];
    while (stack.length > 0) {
      const s = stack.pop() as number;
      if (this.seen[s] === this.step) continue;
      this.seen[s] = this.step;
      if (this.tests[s] !== undefined || s === this.accept) into.push(s);
      else for (const n of this.next[s] as number[]) stack.push(n);
    }
  }

  private state(test: ((code: number) => boolean) | undefined, next: number[]): number {
    this.tests.push(test);
    this.next.push(next);
    return this.tests.length - 1;
  }

  private sequence(atoms: Atom[], next: number): number {
    let at = next;
    for (let k = atoms.length - 1; k >= 0; k--) at = this.atom(atoms[k] as Atom, at);
    return at;
  }

  /** A loop that reads any number of characters passing `test`, then goes on to `next`. */
  private repeat(test: (code: number) => boolean, next: number): number {
    const loop = this.state(undefined, []);
    const read = this.state(test, [loop]);
    this.next[loop] = [read, next];
    return loop;
  }

  private atom(atom: Atom, next: number): number {
    switch (atom.kind) {
      case 'char': {
        const expected = atom.code;
        return this.state((code) => code === expected, [next]);
      }
      case 'one':
        return this.state((code) => code !== SLASH, [next]);
      case 'class': {
        const { ranges, negate } = atom;
        return this.state(
          (code) => {
            if (negate && code === SLASH) return false;
            let inside = false;
            for (let k = 0; k < ranges.length && !inside; k += 2)
              inside = code >= (ranges[k] as number) && code <= (ranges[k + 1] as number);
            return inside !== negate;
          },
          [next],
        );
      }
      case 'star':
        return this.repeat((code) => code !== SLASH, next);
      case 'rest':
        return this.repeat((code) => !isLineBreak(code), next);
      case 'directories': {
        // (name/)*: a run of non-slashes and a slash, any number of times.
        const loop = this.state(undefined, []);
        const slash = this.state((code) => code === SLASH, [loop]);
        this.next[loop] = [this.repeat((code) => code !== SLASH, slash), next];
        return loop;
      }
      case 'alternatives':
        return this.state(
          undefined,
          atom.options.map((option) => this.sequence(option, next)),
        );
    }
  }
}
