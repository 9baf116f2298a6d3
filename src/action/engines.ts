/**
 * The one file that binds the application layer (src/app: diff, changelog, lint, validate) to the
 * `Engines` interface of report.ts, which everything else in src/action talks to. The comparisons,
 * config lookups and release notes are the CLI's own; only the Action's inputs are read here.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import {
  schemaSemanticsFor as appSchemaSemantics,
  changelogOf,
  compareSides,
  ignoreNotes,
} from '../app/diff.js';
import { PositionedError } from '../app/errors.js';
import { ConfigLookup, lintLoaded } from '../app/lint.js';
import { validateLoaded } from '../app/validate.js';
import type { IgnoreEntry } from '../diff/index.js';
import type { Change } from '../diff/types.js';
import type { Finding } from '../model/finding.js';
import type { LoadedDocument } from '../parse/index.js';
import { formatChangelogCompact } from '../report/changelog-markdown.js';
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

/** The `config` input as a path; one that does not exist fails the run. Undefined: not given. */
function configInput(options: EngineOptions): string | undefined {
  if (options.config === '') return undefined;
  const path = isAbsolute(options.config) ? options.config : resolve(options.workspace, options.config);
  if (!existsSync(path)) throw new ConfigInputError(`Input "config": no such file: ${options.config}`);
  return path;
}

/**
 * The input, else `schemaSemantics` of the `config` input or of the config file at the workspace
 * root (never one above the workspace: the runner's home or the filesystem root), else `api`, as
 * `mcpdesc diff` run at the workspace root reads it. Lint does not use it: each file gets the config
 * that applies to it (configLookup).
 */
export async function schemaSemanticsFor(options: EngineOptions): Promise<'api' | 'json-schema'> {
  if (options.schemaSemantics) return options.schemaSemantics;
  const config = configInput(options);
  return appSchemaSemantics(
    undefined,
    config !== undefined ? { config } : { cwd: options.workspace, root: options.workspace },
  );
}

/**
 * The lint configs of a run: the `config` input for every file, else the nearest config file at or
 * above each file's directory, never above the workspace, as `mcpdesc lint` and pre-commit find it.
 */
export function configLookup(options: EngineOptions): ConfigLookup {
  const config = configInput(options);
  return new ConfigLookup(config !== undefined ? { config } : { root: options.workspace });
}

export async function realEngines(options: EngineOptions): Promise<Engines> {
  const schemaSemantics = await schemaSemanticsFor(options);
  const engines: Engines = {
    async diff(base: LoadedDocument, head: LoadedDocument): Promise<Change[]> {
      const sides = { old: base, new: head };
      if (!options.ignore || options.ignore.length === 0)
        return (await compareSides(sides, { schemaSemantics })).changes;
      const result = await compareSides(sides, { schemaSemantics, ignore: options.ignore });
      options.onIgnored?.(head.file, result.summary.ignored, ignoreNotes(result));
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
      validateLoaded(head, { quiet: true }).findings;
  }
  return engines;
}

/**
 * The release notes of one file as the comment shows them (plain language, compact); a side is
 * missing when the file was added or removed.
 */
function changelogEntry(
  base: LoadedDocument | undefined,
  head: LoadedDocument | undefined,
  changes: Change[],
): ChangelogEntry {
  const log = changelogOf({ old: base, new: head }, { changes });
  const entry: ChangelogEntry = {
    markdown: formatChangelogCompact(log, { entry: changelogEntryMarkdown }),
    bump: log.bump,
  };
  if (log.oldVersion !== undefined) entry.fromVersion = log.oldVersion;
  if (log.suggestedVersion !== undefined) entry.toVersion = log.suggestedVersion;
  if (log.newVersion !== undefined) entry.newVersion = log.newVersion;
  return entry;
}
