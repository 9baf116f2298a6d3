// biome-ignore-all lint/suspicious/noTemplateCurlyInString: GitHub expressions are the subject
/**
 * Documented workflows pass the Action's outputs (file names from the pull request) through
 * `env:`: `${{ … }}` inside a `run:` script is pasted into the shell before it runs, so a file
 * named `w$(id).mcpdesc.yaml` would run `id` in the job.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** `run:` scripts of YAML text: the `run:` line and, for a block scalar, the lines indented under it. */
function expressionsInRun(text: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^(\s*)(?:-\s+)?run:(.*)$/.exec(lines[i] as string);
    if (!match) continue;
    const indent = (match[1] as string).length;
    const script = [{ line: i + 1, text: match[2] as string }];
    if (/^\s*[|>]/.test(match[2] as string)) {
      for (let j = i + 1; j < lines.length; j++) {
        const next = lines[j] as string;
        if (next.trim() !== '' && (/^\s*/.exec(next)?.[0].length ?? 0) <= indent) break;
        script.push({ line: j + 1, text: next });
      }
    }
    for (const part of script) if (/\$\{\{/.test(part.text)) found.push(part);
  }
  return found;
}

describe('documented workflows', () => {
  it('finds `${{ … }}` in a run line and in a run block, and not in env', () => {
    const workflow = [
      'steps:',
      '  - run: echo "${{ steps.a.outputs.x }}"',
      '  - env:',
      '      X: ${{ steps.a.outputs.x }}',
      '    run: |',
      '      echo "$X"',
      '      echo ${{ github.event.pull_request.title }}',
      '  - name: later',
      '    with: { a: "${{ inputs.a }}" }',
    ].join('\n');
    expect(expressionsInRun(workflow).map((found) => found.line)).toEqual([2, 7]);
  });

  it('never put an expression inside a run script (README.md and docs/)', () => {
    const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];
    const offenders = files.flatMap((file) =>
      expressionsInRun(readFileSync(file, 'utf8')).map(
        (found) => `${file}:${found.line}: ${found.text.trim()}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
