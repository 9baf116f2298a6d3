/**
 * The pure parts of `mcpdesc git-setup`: which `.gitattributes` lines and `git config` entries
 * register the merge driver. The CLI does the writing.
 */

export const DRIVER_NAME = 'mcpdesc';

/** File names treated as descriptions when no `--pattern` is given. */
export const DEFAULT_PATTERNS = [
  '*.mcpdesc.json',
  '*.mcpdesc.yaml',
  '*.mcpdesc.yml',
  'mcpdesc.json',
  'mcpdesc.yaml',
  'mcpdesc.yml',
] as const;

/** Where the driver keeps the details of a conflict, next to the file (see docs/merge.md). */
export const SIDECAR_SUFFIX = '.mcpdesc-conflict.json';
export const SIDECAR_PATTERN = `*${SIDECAR_SUFFIX}`;

export function sidecarPath(path: string): string {
  return `${path}${SIDECAR_SUFFIX}`;
}

export function attributeLine(pattern: string): string {
  return `${pattern} merge=${DRIVER_NAME}`;
}

/**
 * `.gitattributes` with a `merge=mcpdesc` line for every pattern; lines already present are kept
 * as they are, so running it twice changes nothing.
 */
export function updateGitattributes(
  existing: string,
  patterns: readonly string[],
): { content: string; added: string[] } {
  const present = new Set(existing.split(/\r?\n/).map((line) => line.trim().split(/\s+/).join(' ')));
  const added = patterns.map(attributeLine).filter((line) => !present.has(line));
  if (added.length === 0) return { content: existing, added };
  const prefix = existing === '' || existing.endsWith('\n') ? existing : `${existing}\n`;
  return { content: `${prefix}${added.join('\n')}\n`, added };
}

/** Lines to add to an ignore file (e.g. `.git/info/exclude`) so sidecars are never committed. */
export function updateExclude(existing: string): { content: string; added: string[] } {
  const present = existing.split(/\r?\n/).some((line) => line.trim() === SIDECAR_PATTERN);
  if (present) return { content: existing, added: [] };
  const prefix = existing === '' || existing.endsWith('\n') ? existing : `${existing}\n`;
  return { content: `${prefix}${SIDECAR_PATTERN}\n`, added: [SIDECAR_PATTERN] };
}

/** The `git config` entries of the driver; `command` is how git should run mcpdesc. */
export function gitConfigEntries(command = 'mcpdesc'): [string, string][] {
  return [
    [`merge.${DRIVER_NAME}.name`, 'mcpdesc: three-way merge of MCP Description documents'],
    [`merge.${DRIVER_NAME}.driver`, `${command} merge-driver %O %A %B %P`],
  ];
}
