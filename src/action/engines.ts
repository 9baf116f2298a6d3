/**
 * The one file that knows the diff, lint, validate and changelog engines' APIs: everything else in
 * src/action talks to the `Engines` interface of report.ts.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { ConfigLookup, lintLoaded } from '../app/lint.js';
import { buildChangelog, diffDocuments, type IgnoreEntry, isRuleId, ruleMeta } from '../diff/index.js';
import type { Change, DiffResult } from '../diff/types.js';
import { findConfigFile, readSchemaSemantics } from '../lint/index.js';
import type { Finding } from '../model/finding.js';
import type { LoadedDocument } from '../parse/index.js';
import { formatChangelogCompact } from '../report/changelog-markdown.js';
import { isJsonObject, type JsonValue } from '../util/json.js';
import { PositionedError } from '../util/positioned-error.js';
import { validateDocument } from '../validate/index.js';
import { changelogEntryMarkdown } from './plain-language.js';
import type { ChangelogEntry, Engines } from './report.js';

export interface EngineOptions {
  lint: boolean;
  /** The `config` input: a path relative to the workspace, or empty (discover, else built-in rules). */
  config: string;
  workspace: string;
  /** The `schema-semantics` input; empty: the config file's `schemaSemantics`, else `api`. */
  schemaSemantics?: 'api' | 'json-schema' | '';
  /** Diff ignore entries (from the base commit: ignore-file.ts). */
  ignore?: readonly IgnoreEntry[];
  /** Told what the ignore entries did in one file: suppressed changes, expired or unused entries. */
  onIgnored?: (file: string, ignored: number, notes: readonly string[]) => void;
}

export class ConfigInputError extends Error {
  override name = 'ConfigInputError';
}

/**
 * The config file at the workspace root (or the `config` input): what `schemaSemantics` is read from,
 * as `mcpdesc diff` run at the workspace root reads it. Lint does not use it: each file gets the
 * config that applies to it (configLookup).
 */
export function configPath(options: EngineOptions): string | undefined {
  if (options.config !== '') {
    const path = isAbsolute(options.config) ? options.config : resolve(options.workspace, options.config);
    if (!existsSync(path)) throw new ConfigInputError(`Input "config": no such file: ${options.config}`);
    return path;
  }
  const found = findConfigFile(options.workspace);
  // only a config inside the workspace: never one from the runner's home or filesystem root
  if (found && !relative(options.workspace, found).startsWith('..')) return found;
  return undefined;
}

/** The input, else the config file's `schemaSemantics`, else `api`. */
export async function schemaSemanticsFor(options: EngineOptions): Promise<'api' | 'json-schema'> {
  if (options.schemaSemantics) return options.schemaSemantics;
  const config = configPath(options);
  return (config && (await readSchemaSemantics(config))) || 'api';
}

/**
 * The lint configs of a run: the `config` input for every file, else the nearest config file at or
 * above each file's directory, never above the workspace, as `mcpdesc lint` and pre-commit find it.
 */
export function configLookup(options: EngineOptions): ConfigLookup {
  if (options.config !== '') {
    const config = configPath(options) as string;
    return new ConfigLookup({ config });
  }
  return new ConfigLookup({ root: options.workspace });
}

export async function realEngines(options: EngineOptions): Promise<Engines> {
  const schemaSemantics = await schemaSemanticsFor(options);
  const engines: Engines = {
    async diff(base: LoadedDocument, head: LoadedDocument): Promise<Change[]> {
      if (!options.ignore || options.ignore.length === 0)
        return diffDocuments(base, head, { schemaSemantics }).changes;
      const result = diffDocuments(base, head, { schemaSemantics, ignore: options.ignore });
      const notes = result.notes
        .filter((n) => n.kind === 'ignore-expired' || n.kind === 'ignore-unused')
        .map((n) => n.message);
      options.onIgnored?.(head.file, result.summary.ignored, notes);
      return result.changes;
    },
    changelog(base, head, changes) {
      return changelogEntry(base, head, changes);
    },
  };
  if (options.lint) {
    const lookup = configLookup(options);
    engines.lint = async (head: LoadedDocument): Promise<Finding[]> => {
      let linted: Awaited<ReturnType<typeof lintLoaded>>;
      try {
        linted = await lintLoaded(head, join(options.workspace, head.file), lookup);
      } catch (error) {
        // A broken config: where it is broken, as the CLI says it (file:line:col: message).
        if (error instanceof PositionedError) throw new Error(error.format(), { cause: error });
        throw error;
      }
      return linted.findings.map((finding) => ({
        ...finding,
        location: { ...finding.location, file: head.file },
      }));
    };
  } else {
    // Without lint, spec conformance errors still matter: an invalid head is reported.
    engines.lint = async (head: LoadedDocument): Promise<Finding[]> =>
      validateDocument({ value: head.value, file: head.file, sourceMap: head.sourceMap }).findings.filter(
        (finding) => finding.severity === 'error',
      );
  }
  return engines;
}

function infoField(doc: LoadedDocument | undefined, field: string): string | undefined {
  const value: JsonValue | undefined = doc?.value;
  if (!isJsonObject(value) || !isJsonObject(value.info)) return undefined;
  const text = value.info[field];
  return typeof text === 'string' ? text : undefined;
}

function changelogEntry(
  base: LoadedDocument | undefined,
  head: LoadedDocument | undefined,
  all: Change[],
): ChangelogEntry {
  // the Action's own file-level changes (family `files`: description-added...) are not server changes
  const changes = all.filter(
    (c) => (isRuleId(c.ruleId) && ruleMeta(c.ruleId).family !== 'files') || c.level === 'breaking',
  );
  const result: DiffResult = {
    changes,
    summary: {
      breaking: changes.filter((c) => c.level === 'breaking').length,
      warning: changes.filter((c) => c.level === 'warning').length,
      info: changes.filter((c) => c.level === 'info').length,
      total: changes.length,
      ignored: 0,
      revisions: { old: [], new: [], compared: [] },
    },
    notes: [],
  };
  const info: { name?: string; oldVersion?: string; newVersion?: string } = {};
  const name = infoField(head, 'name') ?? infoField(base, 'name');
  const oldVersion = infoField(base, 'version');
  const newVersion = infoField(head, 'version');
  if (name !== undefined) info.name = name;
  if (oldVersion !== undefined) info.oldVersion = oldVersion;
  if (newVersion !== undefined) info.newVersion = newVersion;
  const log = buildChangelog(result, info);
  const entry: ChangelogEntry = {
    markdown: formatChangelogCompact(log, { entry: changelogEntryMarkdown }),
    bump: log.bump,
  };
  if (oldVersion !== undefined) entry.fromVersion = oldVersion;
  if (log.suggestedVersion !== undefined) entry.toVersion = log.suggestedVersion;
  if (newVersion !== undefined) entry.newVersion = newVersion;
  return entry;
}
