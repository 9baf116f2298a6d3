/**
 * The GitHub Action entry point (bundled to dist-action/index.mjs by scripts/build-action.mjs).
 *
 * find the description files changed between base and head → diff (base vs head) and lint (head)
 * each → outputs, job summary, annotations, optional SARIF, the sticky PR comment → fail per `fail-on`.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import * as core from '@actions/core';
import { writeFileAtomic } from '../cli/output.js';
import { DEFAULT_LIMITS } from '../parse/index.js';
import { planAnnotations } from './annotations.js';
import {
  COMMENT_BUDGET,
  commentMarker,
  type RenderContext,
  renderNothingLeft,
  renderReport,
  SUMMARY_LIMIT,
  upsertComment,
} from './comment.js';
import { realEngines } from './engines.js';
import { GitError, gitRunner, Repository } from './git.js';
import { GitHubApi } from './github-api.js';
import { compileGlobs } from './glob.js';
import { type BaseIgnore, readBaseIgnore } from './ignore-file.js';
import { type Inputs, type RunContext, readContext, readInputs, runUrl } from './inputs.js';
import { analyse, isQuiet, type Report } from './report.js';
import { renderSarif } from './sarif.js';
import { decide, type Verdict } from './verdict.js';

declare const __MCPDESC_VERSION__: string | undefined;
const VERSION = typeof __MCPDESC_VERSION__ === 'string' ? __MCPDESC_VERSION__ : 'dev';

/** One line of log text from untrusted data: no newline can start a workflow command. */
function safe(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
}

interface Revisions {
  baseRef: string;
  baseSha: string;
  headSha: string;
  mergeBase: string;
}

async function resolveRevisions(repo: Repository, inputs: Inputs, context: RunContext): Promise<Revisions> {
  const headSha = await repo.resolveCommit('HEAD');
  if (!headSha) throw new GitError('No commit is checked out: run actions/checkout before this action');
  const pr = context.pullRequest;
  const candidates: string[] = [];
  if (inputs.base) candidates.push(inputs.base, `origin/${inputs.base}`);
  else if (pr) {
    if (pr.baseSha) candidates.push(pr.baseSha);
    if (pr.baseRef) candidates.push(`origin/${pr.baseRef}`, pr.baseRef);
  } else if (context.before) candidates.push(context.before);
  if (candidates.length === 0) {
    throw new GitError('No base to compare with: set the "base" input (this is not a pull_request event)');
  }
  for (const candidate of candidates) {
    const sha = await repo.resolveCommit(candidate);
    if (!sha) continue;
    const mergeBase = await repo.mergeBase(sha, headSha);
    if (!mergeBase) {
      throw new GitError(
        `No common history between ${candidate} and HEAD: check out with "fetch-depth: 0" so the base is reachable`,
      );
    }
    const baseRef = inputs.base || pr?.baseRef || candidate;
    return { baseRef, baseSha: sha, headSha, mergeBase };
  }
  throw new GitError(
    `Base ${candidates[0]} is not in the local repository: check out with "fetch-depth: 0" (actions/checkout) so the base branch is fetched`,
  );
}

function writeOutputs(report: Report, reportPath: string): void {
  core.setOutput('breaking-count', String(report.counts.breaking));
  core.setOutput('warning-count', String(report.counts.warning));
  core.setOutput('changed-files', JSON.stringify(report.files.map((f) => f.path)));
  core.setOutput('report-path', reportPath);
}

function writeJsonReport(report: Report, verdict: Verdict, context: RunContext): string {
  const dir = process.env.RUNNER_TEMP || tmpdir();
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `mcpdesc-report-${safeName(context.runId ?? String(process.pid))}.json`);
  const json = {
    tool: { name: 'mcpdesc-toolkit', version: VERSION },
    base: report.base,
    head: report.head,
    verdict,
    counts: report.counts,
    bump: report.bump,
    files: report.files,
  };
  writeFileAtomic(path, `${JSON.stringify(json, null, 2)}\n`);
  return path;
}

function safeName(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]/g, '_');
}

function emitAnnotations(report: Report): void {
  const plan = planAnnotations(report);
  for (const annotation of plan.annotations) {
    const properties: core.AnnotationProperties = { title: annotation.title };
    if (annotation.file !== undefined) {
      properties.file = annotation.file;
      if (annotation.line !== undefined) properties.startLine = annotation.line;
      if (annotation.column !== undefined) properties.startColumn = annotation.column;
    }
    if (annotation.level === 'error') core.error(annotation.message, properties);
    else core.warning(annotation.message, properties);
  }
  const { error, warning } = plan.omitted;
  if (error + warning > 0) {
    core.info(
      `${error} error and ${warning} warning annotations were not shown (GitHub shows 10 of each per step); the job summary lists them all.`,
    );
  }
}

async function comment(
  inputs: Inputs,
  context: RunContext,
  report: Report,
  render: RenderContext,
): Promise<void> {
  if (!inputs.comment) return;
  const pr = context.pullRequest;
  if (!pr) {
    core.info('Not a pull request event: no comment.');
    return;
  }
  if (!inputs.githubToken) {
    core.notice('No github-token: the report is in the job summary only.');
    return;
  }
  const api = new GitHubApi({
    token: inputs.githubToken,
    apiUrl: context.apiUrl,
    owner: context.owner,
    repo: context.repo,
    userAgent: `mcpdesc-toolkit-action/${VERSION}`,
  });
  const marker = commentMarker(context.workflow);
  const body = isQuiet(report) ? undefined : renderReport(report, render, { limit: COMMENT_BUDGET, marker });
  try {
    const outcome = await upsertComment(
      api,
      pr.number,
      marker,
      body,
      renderNothingLeft(report, render, marker),
      inputs.commentAuthor,
    );
    switch (outcome.action) {
      case 'created':
      case 'updated':
      case 'unchanged':
        core.info(`Pull request comment ${outcome.action}${outcome.url ? `: ${outcome.url}` : ''}`);
        break;
      case 'none':
        core.info('Nothing to report: no comment.');
        break;
      case 'read-only':
        core.notice(
          `Could not write the pull request comment (${outcome.error.message}). The token is read-only here — as on a pull request from a fork — so the report is in the job summary.`,
          { title: 'mcpdesc: report in the job summary' },
        );
        break;
    }
  } catch (error) {
    core.warning(`Could not update the pull request comment: ${safe((error as Error).message)}`);
  }
}

export async function run(): Promise<void> {
  const inputs = readInputs((name) => core.getInput(name));
  if (inputs.githubToken) core.setSecret(inputs.githubToken);
  const context = readContext(process.env, process.cwd());
  const repo = new Repository(gitRunner(process.cwd()));
  const revisions = await resolveRevisions(repo, inputs, context);
  const changed = await repo.changedFiles(revisions.mergeBase, revisions.headSha, compileGlobs(inputs.files));
  core.info(
    `Comparing ${safe(revisions.baseRef)} (${revisions.mergeBase.slice(0, 7)}) with ${revisions.headSha.slice(0, 7)}: ${changed.length} description file(s) changed`,
  );

  const workspace = isAbsolute(context.workspace) ? context.workspace : resolve(context.workspace);
  const readSide = (rev: string, path: string) => repo.readFile(rev, path, DEFAULT_LIMITS.maxBytes);
  let ignore: BaseIgnore | undefined;
  if (inputs.ignoreFile && changed.length > 0) {
    ignore = await readBaseIgnore(readSide, revisions.mergeBase, inputs.ignoreFile);
    core.info(safe(ignore.note));
  }
  const engines =
    changed.length > 0
      ? await realEngines({
          lint: inputs.lint,
          config: inputs.config,
          workspace,
          schemaSemantics: inputs.schemaSemantics,
          ...(ignore ? { ignore: ignore.entries } : {}),
          onIgnored: (file, ignored, notes) => {
            if (ignored > 0)
              core.info(`  ${safe(file)}: ${ignored} change(s) ignored by ${safe(inputs.ignoreFile)}`);
            for (const note of notes) core.info(`  ${safe(file)}: ${safe(note)}`);
          },
        })
      : { diff: async () => [], changelog: () => ({ markdown: '', bump: 'none' as const }) };
  const report = await analyse({
    files: changed,
    baseSha: revisions.mergeBase,
    headSha: revisions.headSha,
    baseRef: revisions.baseRef,
    read: readSide,
    engines,
  });
  for (const file of report.files) {
    const count = (level: string) => file.changes.filter((c) => c.level === level).length;
    core.info(
      `  ${safe(file.path)} (${file.status}): ${count('breaking')} breaking, ${count('warning')} warning, ${count('info')} info, ${file.findings.length} lint finding(s)`,
    );
  }

  const verdict = decide(report, inputs.failOn);
  const render: RenderContext = {
    serverUrl: context.serverUrl,
    repository: context.repository,
    version: VERSION,
    lint: inputs.lint,
    verdict,
  };
  const url = runUrl(context);
  if (url) render.runUrl = url;

  writeOutputs(report, writeJsonReport(report, verdict, context));
  if (process.env.GITHUB_STEP_SUMMARY) {
    await core.summary
      .addRaw(renderReport(report, render, { limit: SUMMARY_LIMIT, summary: true }), true)
      .write();
  }
  emitAnnotations(report);
  if (inputs.sarifFile) {
    const path = resolve(workspace, inputs.sarifFile);
    mkdirSync(dirname(path), { recursive: true });
    writeFileAtomic(
      path,
      renderSarif(report, {
        toolVersion: VERSION,
        srcRoot: workspace,
        repositoryUri: `${context.serverUrl}/${context.repository}`,
      }),
    );
    core.info(`SARIF written to ${safe(inputs.sarifFile)}`);
  }
  await comment(inputs, context, report, render);
  if (verdict.failed) core.setFailed(`mcpdesc: ${verdict.reason}`);
}

run().catch((error: unknown) => {
  core.setFailed(`mcpdesc: ${safe(error instanceof Error ? error.message : String(error))}`);
});
