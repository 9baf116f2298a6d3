import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { EXIT_OK } from '../exit-codes.js';
import { writeFileAtomic } from '../output.js';
import { action } from '../run.js';
import { stdout } from '../streams.js';

interface GitSetupOptions {
  pattern?: string[];
  command: string;
  global?: boolean;
  dryRun?: boolean;
}

export function registerGitSetup(program: Command): void {
  program
    .command('git-setup')
    .description('register the mcpdesc merge driver: .gitattributes lines and git config entries')
    .option(
      '--pattern <glob...>',
      'files the driver handles (default: *.mcpdesc.{json,yaml,yml} and mcpdesc.{json,yaml,yml})',
    )
    .option('--command <command>', 'how git should run mcpdesc', 'mcpdesc')
    .option('--global', 'write the git config entries to the global config instead of the repository')
    .option('--dry-run', 'print what would be written, change nothing')
    .action(
      action(async (options: GitSetupOptions) => {
        const { execFileSync } = await import('node:child_process');
        const setup = await import('../../merge/git-setup.js');
        const { UsageError } = await import('../errors.js');
        // git's own message (`fatal: not a git repository …`) is the useful part of a failure.
        const git = (...args: string[]) => {
          try {
            return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
          } catch (error) {
            const { stderr, code } = error as { stderr?: string; code?: string };
            const said = String(stderr ?? '')
              .trim()
              .split('\n')[0];
            if (code === 'ENOENT') throw new UsageError('git-setup needs git, which is not on the PATH');
            throw new UsageError(`git ${args.join(' ')} failed: ${said || code}`);
          }
        };
        /** A file git reads, or '' when there is none yet (a directory there is an error, not "none"). */
        const readIfAny = (path: string) => {
          if (!existsSync(path)) return '';
          try {
            return readFileSync(path, 'utf8');
          } catch (error) {
            throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`);
          }
        };
        const root = git('rev-parse', '--show-toplevel');
        const patterns =
          options.pattern && options.pattern.length > 0 ? options.pattern : [...setup.DEFAULT_PATTERNS];
        const out: string[] = [];

        const attributesPath = join(root, '.gitattributes');
        const attributes = setup.updateGitattributes(readIfAny(attributesPath), patterns);
        if (attributes.added.length > 0 && !options.dryRun)
          writeFileAtomic(attributesPath, attributes.content);
        for (const line of attributes.added) out.push(`.gitattributes: ${line}`);

        // Relative to the working directory (no --path-format: it needs git 2.31).
        const excludePath = resolve(git('rev-parse', '--git-path', 'info/exclude'));
        const exclude = setup.updateExclude(readIfAny(excludePath));
        if (exclude.added.length > 0 && !options.dryRun) {
          mkdirSync(dirname(excludePath), { recursive: true });
          writeFileAtomic(excludePath, exclude.content);
        }
        for (const line of exclude.added) out.push(`${excludePath}: ${line}`);

        const scope = options.global ? ['--global'] : [];
        /** The entry's value now, or undefined when it is not set (`git config --get` exits 1). */
        const current = (key: string): string | undefined => {
          try {
            return git('config', ...scope, '--get', key);
          } catch {
            return undefined;
          }
        };
        for (const [key, value] of setup.gitConfigEntries(options.command)) {
          if (current(key) === value) continue;
          if (!options.dryRun) git('config', ...scope, key, value);
          out.push(`git config${options.global ? ' --global' : ''} ${key} ${JSON.stringify(value)}`);
        }
        // Run again, it changes nothing and says so.
        stdout().write(
          out.length === 0
            ? 'nothing to change: the mcpdesc merge driver is already set up\n'
            : `${options.dryRun ? 'would write' : 'wrote'}:\n${out.map((l) => `  ${l}`).join('\n')}\n`,
        );
        return EXIT_OK;
      }),
    );
}
