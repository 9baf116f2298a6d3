/**
 * The diff ignore file the Action applies, read from the BASE commit, never from the pull request:
 * an entry the pull request adds cannot hide its own breaking change. Entries added by a pull
 * request apply once it is merged (to the pull requests after it).
 */
import { parseIgnoreText } from '../app/diff.js';
import { PositionedError } from '../app/errors.js';
import type { IgnoreEntry } from '../diff/index.js';

export class IgnoreInputError extends Error {
  override name = 'IgnoreInputError';
}

export interface BaseIgnore {
  entries: IgnoreEntry[];
  /** One line for the log: where the entries come from, or why there are none. */
  note: string;
}

/**
 * Reads `path` at `rev` (the merge base). Absent there: no entries, and the note says why. Present
 * but invalid: IgnoreInputError (the step fails: a broken ignore file on the base branch must be
 * fixed there).
 */
export async function readBaseIgnore(
  read: (rev: string, path: string) => Promise<Buffer | undefined>,
  rev: string,
  path: string,
): Promise<BaseIgnore> {
  const bytes = await read(rev, path);
  const at = rev.slice(0, 7);
  if (bytes === undefined) {
    return {
      entries: [],
      note: `Ignore file ${path} is not in the base commit ${at}: no change is ignored (entries a pull request adds apply after it merges).`,
    };
  }
  let entries: IgnoreEntry[];
  try {
    entries = parseIgnoreText(new TextDecoder('utf-8', { fatal: true }).decode(bytes), path);
  } catch (error) {
    // the PositionedError's message is the reason alone: the place is said here, with the commit
    const reason =
      error instanceof PositionedError && error.code === 'ignore-file-invalid'
        ? error.message
        : 'not valid UTF-8';
    throw new IgnoreInputError(`Input "ignore-file": ${path} in the base commit ${at}: ${reason}`);
  }
  return {
    entries,
    note: `Ignore file ${path} from the base commit ${at}: ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}.`,
  };
}
