/**
 * The one file that knows the diff, lint, validate and changelog engines' APIs: everything else in
 * src/action talks to the `Engines` interface of report.ts.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { buildChangelog, diffDocuments, isRuleId, ruleMeta } from '../diff/index.js';
import type { Change, DiffResult } from '../diff/types.js';
import { findConfigFile, lintDocument, readSchemaSemantics, resolveConfig } from '../lint/index.js';
import type { Finding } from '../model/finding.js';
import type { LoadedDocument } from '../parse/index.js';
import { isJsonObject, type JsonValue } from '../util/json.js';
import { validateDocument } from '../validate/index.js';
import { renderChangelog } from './changelog-markdown.js';
import type { ChangelogEntry, Engines } from './report.js';

export interface EngineOptions {
  lint: boolean;
  /** The `config` input: a path relative to the workspace, or empty (discover, else built-in rules). */
  config: string;
  workspace: string;
  /** The `schema-semantics` input; empty: the config file's `schemaSemantics`, else `api`. */
  schemaSemantics?: 'api' | 'json-schema' | '';
}

export class ConfigInputError extends Error {
  override name = 'ConfigInputError';
}

/** The config file the lint engine will use, or undefined for the built-in recommended rules. */
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

export async function realEngines(options: EngineOptions): Promise<Engines> {
  const schemaSemantics = await schemaSemanticsFor(options);
  const engines: Engines = {
    async diff(base: LoadedDocument, head: LoadedDocument): Promise<Change[]> {
      return diffDocuments(base, head, { schemaSemantics }).changes;
    },
    changelog(base, head, changes) {
      return changelogEntry(base, head, changes);
    },
  };
  if (options.lint) {
    const config = await resolveConfig(configPath(options));
    engines.lint = async (head: LoadedDocument): Promise<Finding[]> =>
      lintDocument(head, config, { filePath: join(options.workspace, head.file) }).findings.map(
        (finding) => ({
          ...finding,
          location: { ...finding.location, file: head.file },
        }),
      );
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
  const entry: ChangelogEntry = { markdown: renderChangelog(log), bump: log.bump };
  if (oldVersion !== undefined) entry.fromVersion = oldVersion;
  if (log.suggestedVersion !== undefined) entry.toVersion = log.suggestedVersion;
  return entry;
}
