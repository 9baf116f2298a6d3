/**
 * Glob matching for the `files` input, on repository-relative paths with `/` separators:
 * `**` (any number of directories), `*` and `?` (within one segment), `{a,b}` alternatives (nestable),
 * `[abc]` / `[!abc]` classes, and `!pattern` lines that exclude. Dot files match like any other
 * (descriptions often live in `.github/` or `.mcp/`). No dependency: the Action is one bundled file.
 */
import { compileGlob as compilePathGlob, type GlobMatcher } from '../util/glob.js';

export interface GlobSet {
  matches(path: string): boolean;
}

/** Compiles the patterns; a path matches when an include pattern matches and no later `!` pattern does. */
export function compileGlobs(patterns: readonly string[]): GlobSet {
  const compiled = patterns
    .map((p) => p.trim())
    .filter((p) => p !== '' && !p.startsWith('#'))
    .map((p) => {
      const negate = p.startsWith('!');
      const body = (negate ? p.slice(1) : p).replace(/^\.\//, '').replace(/^\//, '');
      return { negate, glob: compileGlob(body) };
    });
  return {
    matches(path: string): boolean {
      let matched = false;
      for (const { negate, glob } of compiled) {
        if (negate ? matched : !matched) {
          if (glob.test(path)) matched = !negate;
        }
      }
      return matched;
    },
  };
}

/** One glob over whole paths. A pattern without `/` matches at any depth, as in .gitignore. */
export function compileGlob(glob: string): GlobMatcher {
  return compilePathGlob(glob.includes('/') ? glob : `**/${glob}`);
}
