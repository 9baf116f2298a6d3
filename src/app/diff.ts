/**
 * The diff task, shared by `diff`, `changelog`, `check` and the GitHub Action: both sides loaded
 * (their memory bounded together) and a 0.7.0 side migrated in memory, both validated, the ignore
 * file read (or its entries taken as the caller read them), the schema semantics chosen (flag, else
 * the config file's `schemaSemantics`, else `api`), the documents compared and release notes made
 * of the result. The callers print validation findings and reports through src/report/.
 */
import { buildChangelog, type Changelog } from '../diff/changelog.js';
import {
  diffDocuments,
  type IgnoreEntry,
  IgnoreFileError,
  isRuleId,
  parseIgnoreFile,
  ruleMeta,
} from '../diff/index.js';
import type { Change, DiffResult } from '../diff/types.js';
import { loadDiffSides } from '../migrate/load.js';
import type { Finding } from '../model/finding.js';
import { isProtocolVersion, PROTOCOL_VERSIONS } from '../model/versions.js';
import {
  LoadError,
  type LoadedDocument,
  loadSource,
  MemoryLedger,
  readFileBounded,
  resolveLimits,
} from '../parse/index.js';
import { validateDocument } from '../validate/index.js';
import type { AppContext } from './context.js';
import { type AppErrorCode, PositionedError, UsageError } from './errors.js';
import { type SchemaSemantics, schemaSemanticsFor } from './schema-semantics.js';

export {
  type SchemaSemantics,
  type SchemaSemanticsSource,
  schemaSemanticsFor,
} from './schema-semantics.js';

export interface DiffSides {
  old: LoadedDocument;
  new: LoadedDocument;
}

/**
 * Loads both sides; a 0.7.0 side is migrated in memory (named like the other side's security
 * schemes, so the format upgrade is not reported as a change) and `onNote` says so once per side.
 * Throws LoadError or MigrationError (PositionedErrors).
 */
export async function loadDiffSources(
  oldSpec: string,
  newSpec: string,
  options: AppContext & { protocolVersion?: string; onNote?: (line: string) => void } = {},
): Promise<DiffSides> {
  if (options.protocolVersion !== undefined && !isProtocolVersion(options.protocolVersion))
    throw new UsageError(
      `--protocol-version ${options.protocolVersion} is not an MCP revision mcpdesc 0.8.0 knows (${PROTOCOL_VERSIONS.join(', ')})`,
    );
  // Both sides are held at once: their memory is bounded together.
  const memory = new MemoryLedger();
  const load = (spec: string) =>
    loadSource(spec, { memory, ...(options.limits ? { limits: options.limits } : {}) });
  const [oldLoaded, newLoaded] = [await load(oldSpec), await load(newSpec)];
  const { oldDoc, newDoc } = loadDiffSides(oldLoaded, newLoaded, options.onNote ?? (() => {}));
  return { old: oldDoc, new: newDoc };
}

export interface SideValidation {
  file: string;
  findings: Finding[];
  valid: boolean;
}

/** Both sides validated: a diff of an invalid document would be a guess (the caller stops, exit 2). */
export function validateDiffSides(docs: readonly LoadedDocument[]): SideValidation[] {
  return docs.map((doc) => {
    const result = validateDocument(doc);
    return { file: doc.file, findings: result.findings, valid: result.valid };
  });
}

/** An ignore file (docs/diff.md); a broken one is a usage error or a PositionedError. */
export function readIgnoreFile(path: string, context: AppContext = {}): IgnoreEntry[] {
  let text: string;
  try {
    text = readFileBounded(path, resolveLimits(context.limits).maxBytes).toString('utf8');
  } catch (error) {
    const reason = error instanceof LoadError ? error.message : String(error);
    throw new UsageError(`cannot read ignore file ${path}: ${reason}`);
  }
  return parseIgnoreText(text, path);
}

/**
 * The entries of an ignore file's text, read by the caller (from a git commit, say);
 * `file` names it in the PositionedError a broken one gives (its message is the reason alone).
 */
export function parseIgnoreText(text: string, file: string): IgnoreEntry[] {
  try {
    return parseIgnoreFile(text);
  } catch (error) {
    if (error instanceof IgnoreFileError)
      throw new PositionedError<AppErrorCode>('ignore-file-invalid', error.message, file);
    throw error;
  }
}

export interface CompareOptions extends AppContext {
  protocolVersion?: string;
  /** Path of an ignore file, or the entries of one already read (parseIgnoreText). */
  ignore?: string | readonly IgnoreEntry[];
  schemaSemantics?: SchemaSemantics;
  /** How the sides were named (for messages); default their file names. */
  specs?: readonly [string, string];
}

/** Compares two validated documents with the ignore file and the options applied. */
export async function compareSides(sides: DiffSides, options: CompareOptions = {}): Promise<DiffResult> {
  const [oldSpec, newSpec] = options.specs ?? [sides.old.file, sides.new.file];
  for (const [doc, spec] of [
    [sides.old, oldSpec],
    [sides.new, newSpec],
  ] as const) {
    if (typeof doc.value !== 'object' || doc.value === null || Array.isArray(doc.value))
      throw new UsageError(`${spec}: an MCP Description document must be a JSON object`);
  }
  if (options.protocolVersion !== undefined) {
    const pv = options.protocolVersion;
    const roots = [sides.old, sides.new].map(
      (d) => (d.value as { protocolVersions?: unknown }).protocolVersions,
    );
    if (!roots.some((r) => Array.isArray(r) && r.includes(pv)))
      throw new UsageError(`MCP revision ${pv} is in neither document's protocolVersions`);
  }
  const ignore =
    typeof options.ignore === 'string' ? readIgnoreFile(options.ignore, options) : options.ignore;
  const schemaSemantics = await schemaSemanticsFor(options.schemaSemantics, process.cwd(), options);
  const diffOptions: Parameters<typeof diffDocuments>[2] = { schemaSemantics };
  if (options.protocolVersion !== undefined) diffOptions.protocolVersion = options.protocolVersion;
  if (ignore) diffOptions.ignore = ignore;
  return diffDocuments(sides.old, sides.new, diffOptions);
}

/**
 * What the ignore entries did that the user should hear about: entries past their `expires` date
 * and entries that matched no change (the count of changes they hid is `result.summary.ignored`).
 */
export function ignoreNotes(result: DiffResult): string[] {
  return result.notes
    .filter((note) => note.kind === 'ignore-expired' || note.kind === 'ignore-unused')
    .map((note) => note.message);
}

function infoField(value: unknown, key: 'name' | 'version'): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const info = (value as { info?: unknown }).info;
  if (typeof info !== 'object' || info === null || Array.isArray(info)) return undefined;
  const field = (info as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
}

/**
 * The changelog task: release notes of a comparison and a semver suggestion from the old
 * `info.version`. A side may be missing (a description file added or removed): the name is the new
 * side's, else the old side's. File-level events (rule family `files`) are not changes of the
 * server: only a breaking one (a file removed, or unreadable) is in the notes; an id outside the
 * registry is kept only when breaking (its section needs no registry entry).
 */
export function changelogOf(
  sides: { old?: LoadedDocument | undefined; new?: LoadedDocument | undefined },
  result: Pick<DiffResult, 'changes'>,
): Changelog {
  const changes = result.changes.filter(
    (c) => (isRuleId(c.ruleId) && ruleMeta(c.ruleId).family !== 'files') || c.level === 'breaking',
  );
  const info: { name?: string; oldVersion?: string; newVersion?: string } = {};
  const name = infoField(sides.new?.value, 'name') ?? infoField(sides.old?.value, 'name');
  const oldVersion = infoField(sides.old?.value, 'version');
  const newVersion = infoField(sides.new?.value, 'version');
  if (name !== undefined) info.name = name;
  if (oldVersion !== undefined) info.oldVersion = oldVersion;
  if (newVersion !== undefined) info.newVersion = newVersion;
  return buildChangelog(changesOnly(changes), info);
}

/** A DiffResult around changes alone: buildChangelog reads only `changes`. */
function changesOnly(changes: Change[]): DiffResult {
  const count = (level: Change['level']) => changes.filter((c) => c.level === level).length;
  return {
    changes,
    summary: {
      breaking: count('breaking'),
      warning: count('warning'),
      info: count('info'),
      total: changes.length,
      ignored: 0,
      revisions: { old: [], new: [], compared: [] },
    },
    notes: [],
  };
}
