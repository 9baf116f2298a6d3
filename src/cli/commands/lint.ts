import type { Command } from 'commander';
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

/** The app layer's DEFAULT_LINT_GLOB (not imported: the help text must not load the lint modules). */
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
          { resolve },
          { existsSync, statSync },
          { loadBytes, LoadError },
          { readInput },
          lint,
          report,
          { UsageError },
          { useColor, writeFileAtomic, writeReportFile, writeStdout, refuseReportOverInput },
          { requireOneOf, parseLimitOption, appContext },
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
        // Standard input named as a file (editors, pre-commit): read as `-` is, bounded by
        // --max-bytes and strict UTF-8, under the name given.
        const context = appContext(command.optsWithGlobals());
        const loadStdinAs = async (file: string) => {
          let bytes: Uint8Array;
          try {
            ({ bytes } = await readInput('-', context.limits));
          } catch (error) {
            // Named as the user named the input (`<stdin>` is how `-` is named otherwise).
            if (error instanceof LoadError && error.file === '<stdin>')
              throw new LoadError(error.code, error.message, file, error.line, error.column);
            throw error;
          }
          return loadBytes(
            { name: file, bytes, path: file },
            context.limits ? { limits: context.limits } : {},
          );
        };

        const failSeverity = requireOneOf(
          options.failSeverity,
          ['error', 'warning', 'info', 'hint'] as const,
          '--fail-severity',
        );
        const maxWarnings =
          options.maxWarnings === undefined ? undefined : parseMaxWarnings(options.maxWarnings);
        let formats: ReturnType<typeof report.parseFormatSpecs>;
        try {
          formats = report.parseFormatSpecs(options.format);
        } catch (error) {
          throw new UsageError(error instanceof Error ? error.message : String(error));
        }
        if (!(lint.BUILTIN_RULESETS as readonly string[]).includes(options.ruleset))
          throw new UsageError(`--ruleset must be one of ${lint.BUILTIN_RULESETS.join(', ')}`);

        // 1. operands -> documents (the app layer chooses them)
        const cwd = process.cwd();
        const [app, { unreadableEntry }] = await Promise.all([
          import('../../app/lint.js'),
          import('../input-errors.js'),
        ]);
        const targets = app.lintTargets(operands, cwd);
        refuseReportOverInput(
          [
            ...formats.map((target) => target.path),
            options.cache ? cacheLocation(options.cacheLocation) : undefined,
          ],
          targets.map((target) => target.spec),
        );

        // 2. lint: each file with the config that applies to it (searched up from the file); the app
        // layer checks --config and --baseline first, and reads and updates the cache.
        // --ruleset chooses the rules only where no config file applies (ESLint's precedence for a
        // config file over built-in defaults); given where one does, it is said once per file.
        const rulesetGiven = command.getOptionValueSource('ruleset') === 'cli';
        const run = await app.lintFiles(targets, {
          ...context,
          ...(options.config !== undefined ? { config: options.config } : {}),
          ruleset: options.ruleset,
          ...(rulesetGiven
            ? {
                onRulesetOverridden: (configFile: string) =>
                  writeMessage(
                    `mcpdesc: warning: --ruleset ${options.ruleset} is not used for files under ${configFile}: the config file decides their rules (--ruleset applies where no config file is found)`,
                  ),
              }
            : {}),
          ...(options.stdinFilepath !== undefined ? { stdinFilepath: options.stdinFilepath } : {}),
          ...(options.baseline !== undefined ? { baseline: options.baseline } : {}),
          loadStdinAs,
          ...(options.cache
            ? {
                cache: {
                  location: cacheLocation(options.cacheLocation),
                  // A repository may commit a symbolic link where the cache goes: never written through.
                  write: (path: string, chunks: Iterable<string>) =>
                    writeFileAtomic(path, chunks, { noFollow: true }),
                },
              }
            : {}),
          version: packageVersion(),
          quiet: options.quiet === true,
          onNote: (line) => writeMessage(`mcpdesc: note: ${line}`),
          onWarning: (line) => writeMessage(`mcpdesc: warning: ${line}`),
          onUnreadable: unreadableEntry,
        });
        const { results, unreadable } = run;

        // 3. reports
        const color = useColor(command.optsWithGlobals().color as boolean | undefined);
        await report.writeReports(
          formats,
          results,
          {
            color,
            toolVersion: packageVersion(),
            rules: run.rules,
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
