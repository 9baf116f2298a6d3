/**
 * The git merge driver task (`mcpdesc merge-driver %O %A %B %P`): the three sides read (bounded by
 * the context's limits, strict UTF-8, their memory bounded together), merged three-way with the
 * validator, and the clean result rendered into ours' text (both sides' comment edits kept); or,
 * on conflict, ours kept as it is and the sidecar's contents (base/ours/theirs of every
 * conflicting field, and a proposal). The CLI writes what this returns and prints the report.
 */
import type { Conflict } from '../merge/conflicts.js';
import type { AppContext } from './context.js';

export interface MergeDriverOptions extends AppContext {
  /** %P: the path in the repository (names the file in reports and the sidecar); default ours' path. */
  path?: string;
}

export type MergeDriverRun =
  | {
      kind: 'clean';
      /** How the file is named in messages. */
      name: string;
      warnings: string[];
      /** What to write into ours (%A); absent when ours already is the result. */
      write?: string | Uint8Array;
    }
  | {
      kind: 'conflict';
      name: string;
      /** Warnings of a clean structural merge whose text could not be merged. */
      warnings: string[];
      conflicts: Conflict[];
      /** The sidecar file: where it goes (next to %P) and what it holds. */
      sidecar: { path: string; text: string };
    };

/** Throws LoadError (a PositionedError) for a side that cannot be read or parsed. */
export async function mergeDriverFiles(
  basePath: string,
  oursPath: string,
  theirsPath: string,
  options: MergeDriverOptions = {},
): Promise<MergeDriverRun> {
  const [
    { loadDocument, detectFormat, decodeUtf8, MemoryLedger, readSourceBytes, resolveLimits },
    { mergeThreeWay, textConflicts },
    { validateDocument },
    { mergeTexts },
    { sidecarPath },
  ] = await Promise.all([
    import('../parse/index.js'),
    import('../merge/three-way.js'),
    import('../validate/index.js'),
    import('../merge/text-merge.js'),
    import('../merge/git-setup.js'),
  ]);
  const path = options.path;
  const name = path ?? oursPath;
  // Read as every operand is: bounded by the limits, and strict UTF-8 (a lenient read turned an
  // invalid byte into U+FFFD, which a clean merge then wrote into ours).
  const maxBytes = resolveLimits(options.limits).maxBytes;
  const read = async (file: string, label: string) => {
    const { bytes } = await readSourceBytes(file, maxBytes);
    return { bytes, text: decodeUtf8(bytes, `${name} (${label})`) };
  };
  const { bytes: oursBytes, text: oursText } = await read(oursPath, 'ours');
  const format = detectFormat(path, oursText);
  // The three sides are held at once: their memory is bounded together.
  const memory = new MemoryLedger();
  const load = (text: string, label: string) => {
    const doc = loadDocument(text, {
      file: `${name} (${label})`,
      format: detectFormat(path, text),
      memory,
      ...(options.limits ? { limits: options.limits } : {}),
    });
    return {
      file: doc.file,
      value: doc.value,
      sourceMap: doc.sourceMap,
      text,
      mayHoldUnsafeIntegers: doc.mayHoldUnsafeIntegers,
    };
  };
  const { bytes: baseBytes, text: baseText } = await read(basePath, 'base');
  const { bytes: theirsBytes, text: theirsText } = await read(theirsPath, 'theirs');
  const ours = load(oursText, 'ours');
  const theirs = load(theirsText, 'theirs');
  const base = baseText.trim() === '' ? undefined : load(baseText, 'base');
  const result = mergeThreeWay(base ? { base, ours, theirs } : { ours, theirs }, {
    validate: validateDocument,
  });
  let conflicts = result.conflicts;
  let proposal = result.merged;
  const warnings = result.clean ? result.warnings : [];
  if (result.clean) {
    // One side unchanged: the other, byte for byte (its byte-order mark included), as git does.
    if (Buffer.compare(oursBytes, theirsBytes) === 0 || Buffer.compare(theirsBytes, baseBytes) === 0)
      return { kind: 'clean', name, warnings };
    if (Buffer.compare(oursBytes, baseBytes) === 0)
      return { kind: 'clean', name, warnings, write: theirsBytes };
    // Ours' file edited where the merge changed it; both sides' comment edits kept.
    const text = mergeTexts(
      format,
      result.merged,
      { text: oursText, value: ours.value },
      { text: theirsText, value: theirs.value },
      base ? { text: baseText, value: base.value } : undefined,
    );
    if (text.ok) {
      const bom = oursBytes[0] === 0xef && oursBytes[1] === 0xbb && oursBytes[2] === 0xbf ? '\ufeff' : '';
      return text.text !== oursText
        ? { kind: 'clean', name, warnings, write: `${bom}${text.text}` }
        : { kind: 'clean', name, warnings };
    }
    conflicts = textConflicts(text, base ? { base, ours, theirs } : { ours, theirs });
    if (text.reason === 'overlap') proposal = text.proposal;
  }
  const details = conflicts.map((conflict) => ({
    code: conflict.code,
    message: conflict.message,
    ...(conflict.subject ? { subject: conflict.subject } : {}),
    sides: conflict.locations.map((location, i) => ({
      side: /\((base|ours|theirs)\)$/.exec(location.file)?.[1] ?? location.file,
      location,
      ...(conflict.values?.[i]?.present ? { value: (conflict.values[i] as { value: unknown }).value } : {}),
    })),
  }));
  const sidecar = {
    path: sidecarPath(name),
    text: `${JSON.stringify({ version: 1, path: name, kept: 'ours', conflicts: details, proposal }, null, 2)}\n`,
  };
  return { kind: 'conflict', name, warnings, conflicts, sidecar };
}
