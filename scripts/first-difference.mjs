/**
 * How a committed build output differs from a fresh build of it, for the freshness checks of the
 * committed bundles (check-action-bundle.mjs, check-hooks-bundle.mjs).
 */
import { readFileSync } from 'node:fs';

/** Undefined when `committedFile` has the bytes of `freshFile`, else a one-line reason. */
export function firstDifference(committedFile, freshFile) {
  let committed;
  try {
    committed = readFileSync(committedFile);
  } catch {
    return `${committedFile} is missing`;
  }
  const rebuilt = readFileSync(freshFile);
  if (committed.equals(rebuilt)) return undefined;
  const a = committed.toString('utf8').split('\n');
  const b = rebuilt.toString('utf8').split('\n');
  let line = 0;
  while (line < a.length && line < b.length && a[line] === b[line]) line++;
  return `${committedFile} differs from a fresh build of the sources from line ${line + 1} (committed ${committed.length} bytes, fresh ${rebuilt.length})`;
}
