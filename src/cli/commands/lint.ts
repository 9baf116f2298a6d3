import type { Command } from 'commander';
import { trimEndOf } from '../../util/trim.js';
import { EXIT_ERROR, EXIT_FINDINGS, EXIT_OK } from '../exit-codes.js';
import { collectRepeated } from '../options.js';
import { writeMessage } from '../output.js';
import { action } from '../run.js';

interface LintCliOptions {
  format: string[];
  config?: string;
  ruleset: string;
  failSeverity: string;
  maxWarnings?: string;
  stdinFilepath?: string;
  quiet?: boolean;
  cache?: boolean;
  cacheLocation?: string;
  baseline?: string;
}

const DEFAULT_GLOB = '**/*.mcpdesc.{json,yaml,yml}';

export function registerLint(program: Command): void {
  program
    .command('lint')
    .description('check documents against configurable style and safety rules (spec validation included)')
    .argument('[files...]', `files, directories, globs (e.g. "${DEFAULT_GLOB}"), - for stdin, or REV:path`)
    .option(
      '-f, --format <name[:path]>',
      'stylish, json, sarif, junit, github (or github-actions) or markdown; NAME:PATH writes a file; repeatable',
      collectRepeated,
      [],
    )
    .option(
      '-c, --config <file>',
      'config file (default: the nearest .mcpdesc.yaml/.mcpdesc.json/mcpdesc.config.mjs above each file)',
    )
    .option(
      '--ruleset <name>',
      'built-in ruleset for files no config file applies to (recommended, strict, clients/gemini, clients/openai-strict); a config file takes precedence, with a warning',
      'recommended',
    )
    .option(
      '--fail-severity <severity>',
      'lowest severity that fails the run (error, warning, info, hint)',
      'error',
    )
    .option('--max-warnings <n>', 'fail when there are more than N warnings')
    .option(
      '--stdin-filepath <path>',
      'name of the document read from stdin (config lookup, overrides, format)',
    )
    .option('-q, --quiet', 'report errors only')
    .option(
      '--cache',
      'reuse the results of files unchanged since the last --cache run (same bytes, config and version)',
    )
    .option(
      '--cache-location <path>',
      'with --cache: the cache file, or a directory to keep .mcpdesc-cache in (default: ./.mcpdesc-cache)',
    )
    .option(
      '--baseline <rev>',
      'report only findings that the same file at git revision REV does not have (matched by rule, primitive and pointer)',
    )
    .action(
      action(async (operands: string[], options: LintCliOptions, command: Command) => {
        const [
          { basename, resolve, dirname },
          { existsSync, statSync },
          { loadBytes, LoadError, resolveLimits },
          { loadInput, readInput },
          lint,
          report,
          { UsageError, PositionedError },
          { useColor, writeFileAtomic, writeReportFile, writeStdout, refuseReportOverInput },
          { requireOneOf, parseLimitOption },
          { packageVersion },
        ] = await Promise.all([
          import('node:path'),
          import('node:fs'),
          import('../../parse/index.js'),
          import('../load-input.js'),
          import('../../lint/index.js'),
          import('../../report/multi-format.js'),
          import('../errors.js'),
          import('../output.js'),
          import('../options.js'),
          import('../version.js'),
        ]);
        type FileFindings = import('../../report/multi-format.js').FileFindings;
        type ResolvedConfig = import('../../lint/index.js').ResolvedConfig;
        type LintCache = import('../../lint/index.js').LintCache;
        type Finding = import('../../model/finding.js').Finding;
        // Standard input named as a file (editors, pre-commit): read as `-` is, bounded by
        // --max-bytes and strict UTF-8, under the name given.
        const loadStdinAs = async (file: string) => {
          let bytes: Uint8Array;
          try {
            ({ bytes } = await readInput('-'));
          } catch (error) {
            // Named as the user named the input (`<stdin>` is how `-` is named otherwise).
            if (error instanceof LoadError && error.file === '<stdin>')
              throw new LoadError(error.code, error.message, file, error.line, error.column);
            throw error;
          }
          return loadBytes({ name: file, bytes, path: file });
        };

        const failSeverity = requireOneOf(
          options.failSeverity,
          ['error', 'warning', 'info', 'hint'] as const,
          '--fail-severity',
        );
        const maxWarnings =
          options.maxWarnings === undefined ? undefined : parseMaxWarnings(options.maxWarnings);
        let targets: ReturnType<typeof report.parseFormatSpecs>;
        try {
          targets = report.parseFormatSpecs(options.format);
        } catch (error) {
          throw new UsageError(error instanceof Error ? error.message : String(error));
        }
        if (!(lint.BUILTIN_RULESETS as readonly string[]).includes(options.ruleset))
          throw new UsageError(`--ruleset must be one of ${lint.BUILTIN_RULESETS.join(', ')}`);

        // 1. operands -> documents
        const cwd = process.cwd();
        const specs: string[] = [];
        // Named on the command line, not found by a glob or a directory walk: an ignored one is reported.
        const named = new Set<string>();
        const seen = new Set<string>();
        // A glob or directory walk does not lint the config files it finds (`.mcpdesc.yaml` matches
        // `*.mcpdesc.yaml`): they configure lint, they are not documents.
        const isConfigFile = (path: string): boolean =>
          (lint.CONFIG_FILE_NAMES as readonly string[]).includes(basename(path));
        const pushFound = (spec: string): void => {
          if (!isConfigFile(spec)) push(spec);
        };
        const push = (spec: string): void => {
          if (!seen.has(spec)) {
            seen.add(spec);
            specs.push(spec);
          }
        };
        for (const operand of operands.length > 0 ? operands : [DEFAULT_GLOB]) {
          if (operand === '-') push('-');
          else if (existsSync(operand) && statSync(operand).isDirectory()) {
            const base = trimEndOf(operand, '\\/');
            lint.expandGlob(`${base}/${DEFAULT_GLOB}`, cwd).forEach(pushFound);
          } else if (!existsSync(operand) && lint.isGlob(operand)) {
            const matches = lint.expandGlob(operand, cwd);
            if (matches.length === 0 && operands.length > 0)
              throw new UsageError(`no files match ${JSON.stringify(operand)}`);
            matches.forEach(pushFound);
          } else {
            named.add(operand);
            push(operand);
          }
        }
        if (specs.length === 0)
          throw new UsageError(`no files to lint (nothing matches ${DEFAULT_GLOB} here)`);
        refuseReportOverInput(
          [
            ...targets.map((target) => target.path),
            options.cache ? cacheLocation(options.cacheLocation) : undefined,
          ],
          specs,
        );

        // 2. configs (one per directory, resolved once per file)
        const configs = new Map<string, Promise<ResolvedConfig>>();
        // --ruleset chooses the rules only where no config file applies (ESLint's precedence for a
        // config file over built-in defaults); given where one does, it is said once per file.
        const rulesetGiven = command.getOptionValueSource('ruleset') === 'cli';
        const warnRulesetOverridden = (configFile: string): void => {
          writeMessage(
            `mcpdesc: warning: --ruleset ${options.ruleset} is not used for files under ${configFile}: the config file decides their rules (--ruleset applies where no config file is found)`,
          );
        };
        const configFor = (path: string | undefined): Promise<ResolvedConfig> => {
          const file = options.config ?? lint.findConfigFile(path ? dirname(resolve(path)) : cwd);
          const key = file ? resolve(file) : `builtin:${options.ruleset}`;
          let pending = configs.get(key);
          if (!pending) {
            if (file && rulesetGiven) warnRulesetOverridden(file);
            pending = lint.resolveConfig(file, options.ruleset).catch((error: unknown) => {
              if (error instanceof lint.ConfigError)
                throw new PositionedError(error.message, error.file, error.line, error.column);
              throw error;
            });
            configs.set(key, pending);
          }
          return pending;
        };
        if (options.config && !existsSync(options.config))
          throw new UsageError(`config file not found: ${options.config}`);

        // 3. lint
        const [migrate, { unreadableEntry }, baseline] = await Promise.all([
          import('../../migrate/load.js'),
          import('../input-errors.js'),
          import('../lint-baseline.js'),
        ]);
        if (options.baseline !== undefined) await baseline.checkBaselineRevision(options.baseline);
        let knownAtBaseline = 0;
        const results: FileFindings[] = [];
        let unreadable = false;
        const now = new Date();
        let cache = options.cache
          ? lint.LintCache.read(cacheLocation(options.cacheLocation), packageVersion())
          : undefined;
        if (cache?.problem) {
          writeMessage(`mcpdesc: note: not using the lint cache ${cache.path}: ${cache.problem}`);
          cache = undefined;
        } else if (cache?.notice) {
          writeMessage(`mcpdesc: note: the lint cache ${cache.path}: ${cache.notice}`);
        }
        const printNote = (line: string) => writeMessage(`mcpdesc: note: ${line}`);
        type Linted = { file: string; findings: readonly Finding[]; complete: boolean };

        const lintFresh = async (spec: string, localPath: string | undefined): Promise<Linted> => {
          // migrate: a 0.7.0 document is linted as its in-memory 0.8.0 migration.
          const loaded = migrate.readAsCurrent(
            spec === '-' && options.stdinFilepath
              ? await loadStdinAs(options.stdinFilepath)
              : await loadInput(spec),
            printNote,
          );
          const config = await configFor(localPath);
          const result = lint.lintDocument(
            loaded,
            config,
            localPath ? { filePath: resolve(localPath), now } : { now },
          );
          return { file: loaded.file, findings: result.findings, complete: result.complete };
        };

        /** A file on disk, from `cache` while nothing its result depends on has changed. */
        const lintCached = async (spec: string, localPath: string, cache: LintCache): Promise<Linted> => {
          // The key is made from the very bytes that are linted on a miss: a file changed in
          // between is never cached under its old contents.
          const source = await readInput(spec);
          const config = await configFor(localPath);
          const path = resolve(localPath);
          const key = lint.cacheKey({
            version: packageVersion(),
            config: lint.configFingerprint(config),
            bytes: source.bytes,
            path,
            limits: resolveLimits(undefined),
            now,
            expiring: config.ignores.some((entry) => entry.expires !== undefined),
          });
          const hit = cache.get(path, key, source.name);
          if (hit) {
            hit.notes.forEach(printNote);
            return { file: source.name, findings: hit.findings, complete: hit.complete };
          }
          const notes: string[] = [];
          const loaded = migrate.readAsCurrent(loadBytes(source), (line) => {
            notes.push(line);
            printNote(line);
          });
          const result = lint.lintDocument(loaded, config, { filePath: path, now });
          cache.set(path, key, source.name, { findings: result.findings, complete: result.complete, notes });
          return { file: source.name, findings: result.findings, complete: result.complete };
        };

        for (const spec of specs) {
          const localPath = spec === '-' ? options.stdinFilepath : existsSync(spec) ? spec : undefined;
          try {
            // A broken config is reported below, after the input is read, as for any file.
            const config =
              localPath === undefined ? undefined : await configFor(localPath).catch(() => undefined);
            if (
              localPath !== undefined &&
              config !== undefined &&
              config.ignorePatterns.length > 0 &&
              lint.isIgnoredFile(config.ignorePatterns, resolve(localPath))
            ) {
              if (named.has(spec) || spec === '-')
                writeMessage(
                  `mcpdesc: warning: ${localPath} is not linted: ignorePatterns in ${config.file} match it`,
                );
              continue;
            }
            // Only files on disk are cached: standard input and git revisions are read once anyway.
            const linted =
              cache && spec !== '-' && localPath !== undefined && statSync(spec).isFile()
                ? await lintCached(spec, localPath, cache)
                : await lintFresh(spec, localPath);
            let kept = linted.findings;
            if (options.baseline !== undefined && spec !== '-' && localPath !== undefined) {
              const applied = await baseline.applyBaseline(
                options.baseline,
                localPath,
                kept,
                await configFor(localPath),
                now,
              );
              if (applied.note) printNote(applied.note);
              knownAtBaseline += applied.known;
              kept = applied.findings;
            }
            // A list of its own (the cache keeps the other): config findings are added to it below.
            const findings = options.quiet ? kept.filter((f) => f.severity === 'error') : [...kept];
            results.push({ file: linted.file, findings, complete: linted.complete });
          } catch (error) {
            results.push(unreadableEntry(error, spec));
            unreadable = true;
          }
        }

        if (options.baseline !== undefined)
          printNote(
            `--baseline ${options.baseline}: ${knownAtBaseline} finding${knownAtBaseline === 1 ? '' : 's'} already there not shown`,
          );

        if (cache) {
          cache.prune(existsSync);
          if (cache.changed) {
            // Another run may have written the cache since it was read (pre-commit runs in parallel).
            cache.absorbConcurrentWrites(existsSync);
            try {
              // A repository may commit a symbolic link where the cache goes: never written through.
              writeFileAtomic(cache.path, cache.chunks(), { noFollow: true });
            } catch (error) {
              // The results stand; only the next run is slower.
              writeMessage(
                `mcpdesc: note: cannot write the lint cache ${cache.path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
              );
            }
          }
        }

        // 4. config findings (expired ignore entries) and rule metadata for SARIF
        const resolved = await Promise.all(configs.values());
        const metas = new Map<string, import('../../report/multi-format.js').RuleMeta>();
        for (const config of resolved) {
          for (const finding of lint.expiredIgnoreFindings(config)) {
            let entry = results.find((r) => r.file === finding.location.file);
            if (!entry) results.push((entry = { file: finding.location.file, findings: [] }));
            (entry.findings as import('../../model/finding.js').Finding[]).push(finding);
          }
          for (const rule of config.rules.values()) {
            if (metas.has(rule.id)) continue;
            const meta: import('../../report/multi-format.js').RuleMeta = {
              id: rule.id,
              description: rule.description,
              severity: rule.severity,
              tags: [rule.validation ? 'validate' : 'lint'],
            };
            if (rule.help) meta.help = rule.help;
            metas.set(rule.id, meta);
          }
        }
        metas.set('lint-ignore-expired', {
          id: 'lint-ignore-expired',
          description: 'A config `ignore` entry is past its `expires` date and no longer applies.',
          severity: 'warning',
          tags: ['config'],
        });

        // 5. reports
        const color = useColor(command.optsWithGlobals().color as boolean | undefined);
        await report.writeReports(
          targets,
          results,
          {
            color,
            toolVersion: packageVersion(),
            rules: [...metas.values()],
            failSeverity,
            title: 'mcpdesc lint',
            srcRoot: cwd,
          },
          {
            stdout: writeStdout,
            file: (path, chunks) => writeReportFile(path, chunks),
          },
        );
        if (unreadable) return EXIT_ERROR;
        return report.exceedsThreshold(results, failSeverity, maxWarnings) ? EXIT_FINDINGS : EXIT_OK;

        /** `--cache-location`: a file, or a directory (existing, or written with a trailing slash) to keep the default file in. */
        function cacheLocation(given: string | undefined): string {
          if (given === undefined) return resolve(lint.DEFAULT_CACHE_FILE);
          const isDirectory = /[\\/]$/.test(given) || (existsSync(given) && statSync(given).isDirectory());
          return isDirectory ? resolve(given, lint.DEFAULT_CACHE_FILE) : resolve(given);
        }

        function parseMaxWarnings(value: string): number {
          if (value === '0') return 0;
          return parseLimitOption(value);
        }
      }),
    );
}
