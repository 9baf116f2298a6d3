/**
 * Glob expansion for lint's file arguments (Node 20 has no fs.glob); the pattern syntax is src/util/glob.ts.
 * The directory walk skips node_modules and .git and never follows a symlinked directory twice
 * (symlink loops end).
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { compileGlob as compilePathGlob, type GlobMatcher } from '../util/glob.js';

const cache = new Map<string, GlobMatcher>();

/** The glob compiled once per process (a config's `files` are tested against every file). */
export function compileGlob(pattern: string): GlobMatcher {
  let matcher = cache.get(pattern);
  if (!matcher) {
    matcher = compilePathGlob(pattern);
    cache.set(pattern, matcher);
  }
  return matcher;
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
  return globs.some((g) => compileGlob(g.startsWith('./') ? g.slice(2) : g).test(posix));
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
  const matcher = compileGlob(rest);
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

/**
 * True when the config's `ignorePatterns` leave `filePath` (absolute) out of linting. As
 * ESLint's ignorePatterns (gitignore syntax): each config file's patterns are relative to its
 * directory and apply only below it; a pattern without `/` (other than a trailing one) matches at
 * any depth, a leading `/` anchors it; a pattern also covers everything under a directory it
 * matches; `!` re-includes; the last matching pattern decides.
 */
export function isIgnoredFile(
  ignorePatterns: readonly { patterns: readonly string[]; baseDir: string }[],
  filePath: string,
): boolean {
  let ignored = false;
  for (const { patterns, baseDir } of ignorePatterns) {
    const path = toPosix(relative(baseDir, filePath));
    if (path === '' || path === '..' || path.startsWith('../') || /^[A-Za-z]:|^\//.test(path)) continue;
    for (const pattern of patterns) {
      const negated = pattern.startsWith('!');
      let glob = (negated ? pattern.slice(1) : pattern).replace(/\/+$/, '');
      if (glob.startsWith('./')) glob = glob.slice(2);
      if (glob.startsWith('/')) glob = glob.slice(1);
      else if (!glob.includes('/')) glob = `**/${glob}`;
      if (glob === '' || glob === '**/') continue;
      if (compileGlob(glob).test(path) || compileGlob(`${glob}/**`).test(path)) ignored = !negated;
    }
  }
  return ignored;
}
