/**
 * A small glob implementation (Node 20 has no fs.glob): `**` (any number of directories), `*` and `?`
 * (within one path segment), `{a,b}` alternatives (nestable) and `[...]` classes. Paths use `/`.
 * The directory walk skips node_modules and .git and never follows a symlinked directory twice
 * (symlink loops end).
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const cache = new Map<string, RegExp>();

export function globToRegExp(pattern: string): RegExp {
  let re = cache.get(pattern);
  if (!re) {
    re = new RegExp(`^${translate(pattern)}$`);
    cache.set(pattern, re);
  }
  return re;
}

function translate(pattern: string): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i] as string;
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        const atStart = i === 0 || pattern[i - 1] === '/';
        const atEnd = i + 2 === pattern.length || pattern[i + 2] === '/';
        if (atStart && atEnd) {
          // `**/` matches zero or more whole directories; a trailing `**` matches everything below.
          if (i + 2 === pattern.length) out += '.*';
          else {
            out += '(?:[^/]*/)*';
            i += 1;
          }
          i += 2;
          continue;
        }
        out += '[^/]*';
        i += 2;
        continue;
      }
      out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '{') {
      const end = matchingBrace(pattern, i);
      if (end < 0) out += '\\{';
      else {
        const alternatives = splitTop(pattern.slice(i + 1, end));
        out += `(?:${alternatives.map(translate).join('|')})`;
        i = end;
      }
    } else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) out += '\\[';
      else {
        let body = pattern.slice(i + 1, end).replace(/\\/g, '\\\\');
        if (body.startsWith('!')) body = `^${body.slice(1)}`;
        out += `[${body}]`;
        i = end;
      }
    } else if (c === '\\' && i + 1 < pattern.length) {
      out += escapeRe(pattern[i + 1] as string);
      i += 1;
    } else out += escapeRe(c);
    i += 1;
  }
  return out;
}

function escapeRe(c: string): string {
  return /[.+^$()|[\]{}\\*?]/.test(c) ? `\\${c}` : c;
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

function splitTop(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '{') depth++;
    else if (body[i] === '}') depth--;
    else if (body[i] === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

export function isGlob(text: string): boolean {
  return /[*?{[]/.test(text);
}

export function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** True when the `/`-separated relative path matches one of the globs. */
export function matchesAny(path: string, globs: readonly string[]): boolean {
  const posix = toPosix(path);
  return globs.some((g) => globToRegExp(g.startsWith('./') ? g.slice(2) : g).test(posix));
}

const SKIP_DIRS = new Set(['node_modules', '.git']);

/** The fixed directory part of a glob (`docs/api/**\/*.json` -> `docs/api`). */
function globBase(pattern: string): { base: string; rest: string } {
  const parts = pattern.split('/');
  const fixed: string[] = [];
  while (parts.length > 1 && !isGlob(parts[0] as string)) fixed.push(parts.shift() as string);
  return { base: fixed.join('/'), rest: parts.join('/') };
}

/**
 * Files matching `pattern` below `cwd`, sorted. Dot-directories other than the base are walked
 * (a pattern has to be able to reach `.github/...`), except .git and node_modules.
 */
export function expandGlob(pattern: string, cwd: string): string[] {
  const posix = toPosix(pattern);
  const split = globBase(posix.replace(/^(?:\.\/)+/, ''));
  const base = split.base === '.' ? '' : split.base;
  const rest = split.rest;
  const root = resolve(cwd, base || '.');
  const matcher = globToRegExp(rest);
  const out: string[] = [];
  const seen = new Set<string>();
  const walk = (dir: string): void => {
    let real: string;
    try {
      real = realpathSync(dir);
    } catch {
      return;
    }
    if (seen.has(real)) return;
    seen.add(real);
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = join(dir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          const stat = statSync(full);
          isDir = stat.isDirectory();
          isFile = stat.isFile();
        } catch {
          continue;
        }
      }
      if (isDir) {
        if (!SKIP_DIRS.has(entry.name)) walk(full);
      } else if (isFile && matcher.test(toPosix(relative(root, full)))) {
        out.push(base ? `${base}/${toPosix(relative(root, full))}` : toPosix(relative(cwd, full)));
      }
    }
  };
  walk(root);
  return out.sort();
}
